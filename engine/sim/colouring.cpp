// Constraint graph colouring: greedy first-fit over per-particle colour masks, then balancing, then the
// tail. Everything works on flat arrays indexed by constraint or particle; no allocation per constraint.
//
// Pipeline (each step deterministic: fixed iteration orders, ties broken by the lower index):
//   1. order    constraints by descending degree (sum of the degrees of their particles), ties by index
//               (Welsh-Powell); a counting sort, so O(constraints + max degree)
//   2. greedy   first free colour below the cap; bit c of used[p] says colour c already touches particle p;
//               repeated over the constraints grouped by colour class (iterated greedy) while the colour
//               count is above its lower bound (the largest particle degree) or the tail is not empty
//   3. balance  sweeps moving constraints out of colours above the mean size into free colours below it
//   4. retry    tail constraints placed into colours freed up by balancing
//   5. small    colours below minColourSize dissolved: their constraints go to other colours where they
//               fit, otherwise to the tail
//   6. renumber colours largest first, empty colours dropped
#include "sim/colouring.h"

#include <algorithm>
#include <array>
#include <bit>
#include <stdexcept>

namespace vkxpbd {

namespace {

constexpr uint32_t kRecolourPasses = 4;  // iterated-greedy passes at most
constexpr uint32_t kBalanceSweeps = 8;   // sweeps stop earlier once one moves nothing

// Structural defects that make a problem unusable (malformed CSR, particle index out of range).
std::optional<std::string> problemDefect(const ColouringProblem& problem) {
  const auto& offsets = problem.offsets;
  if (offsets.empty()) return "offsets is empty (it must start with 0)";
  if (offsets.front() != 0) return "offsets[0] is " + std::to_string(offsets.front()) + ", not 0";
  if (offsets.back() != problem.particles.size())
    return "offsets ends at " + std::to_string(offsets.back()) + " but there are " +
           std::to_string(problem.particles.size()) + " particle entries";
  for (size_t c = 0; c + 1 < offsets.size(); ++c) {
    if (offsets[c + 1] < offsets[c]) return "offsets decrease at constraint " + std::to_string(c);
    for (uint32_t k = offsets[c]; k < offsets[c + 1]; ++k)
      if (problem.particles[k] >= problem.particleCount)
        return "constraint " + std::to_string(c) + " names particle " + std::to_string(problem.particles[k]) +
               " but there are only " + std::to_string(problem.particleCount) + " particles";
  }
  return std::nullopt;
}

// Constraints touching each particle. The largest is a lower bound on the colour count.
std::vector<uint32_t> particleDegrees(const ColouringProblem& problem) {
  std::vector<uint32_t> degree(problem.particleCount, 0);
  for (uint32_t p : problem.particles) ++degree[p];
  return degree;
}

// Constraint indices by descending degree, ties by ascending index. High-degree constraints have the
// fewest choices left late in a greedy pass, so they go first.
std::vector<uint32_t> degreeOrder(const ColouringProblem& problem,
                                  const std::vector<uint32_t>& particleDegree) {
  const uint32_t n = problem.constraintCount();
  const uint32_t* off = problem.offsets.data();
  const uint32_t* parts = problem.particles.data();

  // A constraint's degree is at most the number of particle entries (more only with a particle listed
  // twice, which add() rejects), so clamping there keeps the counting sort's key range bounded.
  const uint64_t keyLimit = problem.particles.size();
  std::vector<uint32_t> key(n);
  uint32_t maxKey = 0;
  for (uint32_t c = 0; c < n; ++c) {
    uint64_t sum = 0;
    for (uint32_t k = off[c]; k < off[c + 1]; ++k) sum += particleDegree[parts[k]];
    key[c] = static_cast<uint32_t>(std::min(sum, keyLimit));
    maxKey = std::max(maxKey, key[c]);
  }

  // Counting sort, largest key first; the ascending scan keeps it stable.
  std::vector<uint32_t> start(size_t{maxKey} + 1, 0);
  for (uint32_t c = 0; c < n; ++c) ++start[key[c]];
  uint32_t running = 0;
  for (size_t k = start.size(); k-- > 0;) {
    const uint32_t count = start[k];
    start[k] = running;
    running += count;
  }
  std::vector<uint32_t> order(n);
  for (uint32_t c = 0; c < n; ++c) order[start[key[c]]++] = c;
  return order;
}

// The mutable state of one colouring run.
class Colourer {
 public:
  Colourer(const ColouringProblem& problem, uint32_t cap)
      : off_(problem.offsets.data()),
        parts_(problem.particles.data()),
        capMask_(cap >= 64 ? ~uint64_t{0} : (uint64_t{1} << cap) - 1),
        used_(problem.particleCount, 0),
        colourOf_(problem.constraintCount(), kTailColour) {}

  // Colours already present at some particle of constraint c (its own colour included).
  uint64_t usedBy(uint32_t c) const {
    uint64_t mask = 0;
    for (uint32_t k = off_[c]; k < off_[c + 1]; ++k) mask |= used_[parts_[k]];
    return mask;
  }

  void assign(uint32_t c, uint32_t colour) {
    const uint64_t bit = uint64_t{1} << colour;
    for (uint32_t k = off_[c]; k < off_[c + 1]; ++k) used_[parts_[k]] |= bit;
    colourOf_[c] = colour;
    ++sizes_[colour];
  }

  void unassign(uint32_t c) {
    const uint32_t colour = colourOf_[c];
    const uint64_t bit = uint64_t{1} << colour;
    for (uint32_t k = off_[c]; k < off_[c + 1]; ++k) used_[parts_[k]] &= ~bit;
    colourOf_[c] = kTailColour;
    --sizes_[colour];
  }

  // The colour in `candidates` with the fewest constraints, ties to the lowest index.
  uint32_t smallestOf(uint64_t candidates) const {
    uint32_t best = kTailColour;
    for (; candidates != 0; candidates &= candidates - 1) {
      const auto colour = static_cast<uint32_t>(std::countr_zero(candidates));
      if (best == kTailColour || sizes_[colour] < sizes_[best]) best = colour;
    }
    return best;
  }

  uint64_t coloursWhere(auto predicate) const {
    uint64_t mask = 0;
    for (uint32_t colour = 0; colour < kMaxColours; ++colour)
      if (predicate(sizes_[colour])) mask |= uint64_t{1} << colour;
    return mask & capMask_;
  }

  // First-fit in the given order, from scratch.
  void greedy(const std::vector<uint32_t>& order) {
    std::fill(used_.begin(), used_.end(), 0);
    std::fill(colourOf_.begin(), colourOf_.end(), kTailColour);
    sizes_.fill(0);
    for (uint32_t c : order) {
      const uint64_t free = ~usedBy(c) & capMask_;
      if (free != 0) assign(c, static_cast<uint32_t>(std::countr_zero(free)));
    }
  }

  // `order` regrouped by current colour: the classes in reverse colour order, the tail last, each class
  // keeping its order. Greedy over such an order gives every class a colour no higher than its position,
  // so it never needs more colours or a bigger tail than the colouring it came from (Culberson's
  // iterated greedy), and often needs fewer.
  std::vector<uint32_t> classOrder(const std::vector<uint32_t>& order) const {
    std::array<uint32_t, kMaxColours + 1> start{};  // slot kMaxColours: the tail
    for (uint32_t colour = 0; colour < kMaxColours; ++colour) start[colour] = sizes_[colour];
    uint32_t running = 0;
    for (uint32_t colour = kMaxColours; colour-- > 0;) {
      const uint32_t count = start[colour];
      start[colour] = running;
      running += count;
    }
    start[kMaxColours] = running;
    std::vector<uint32_t> regrouped(order.size());
    for (uint32_t c : order) {
      const uint32_t colour = colourOf_[c];
      regrouped[start[colour == kTailColour ? kMaxColours : colour]++] = c;
    }
    return regrouped;
  }

  uint32_t colourCount() const {
    return static_cast<uint32_t>(
        std::count_if(sizes_.begin(), sizes_.end(), [](uint32_t size) { return size > 0; }));
  }
  uint32_t tailSize() const {
    uint32_t coloured = 0;
    for (uint32_t size : sizes_) coloured += size;
    return static_cast<uint32_t>(colourOf_.size()) - coloured;
  }

  // Moves constraints out of colours larger than the mean into free colours smaller than it. Only colours
  // already in use are filled, so the dispatch count does not grow.
  void balance() {
    const uint64_t open = coloursWhere([](uint32_t size) { return size > 0; });
    const auto colours = static_cast<uint32_t>(std::popcount(open));
    if (colours < 2) return;
    const uint32_t coloured = static_cast<uint32_t>(colourOf_.size()) - tailSize();
    const uint32_t target = (coloured + colours - 1) / colours;

    const auto n = static_cast<uint32_t>(colourOf_.size());
    for (uint32_t sweep = 0; sweep < kBalanceSweeps; ++sweep) {
      uint64_t below = open & coloursWhere([target](uint32_t size) { return size < target; });
      uint32_t moved = 0;
      for (uint32_t c = 0; c < n && below != 0; ++c) {
        const uint32_t colour = colourOf_[c];
        if (colour == kTailColour || sizes_[colour] <= target) continue;
        const uint64_t free = ~usedBy(c) & below;
        if (free == 0) continue;
        const uint32_t into = smallestOf(free);
        unassign(c);
        assign(c, into);
        if (sizes_[into] >= target) below &= ~(uint64_t{1} << into);
        ++moved;
      }
      if (moved == 0) break;
    }
  }

  // Places tail constraints into any colour in `allowed` they now fit, the smallest such colour first.
  void retryTail(uint64_t allowed) {
    const auto n = static_cast<uint32_t>(colourOf_.size());
    for (uint32_t c = 0; c < n; ++c) {
      if (colourOf_[c] != kTailColour) continue;
      const uint64_t free = ~usedBy(c) & allowed;
      if (free != 0) assign(c, smallestOf(free));
    }
  }

  // Dissolves colours with fewer than minSize constraints: each of their constraints moves to a kept
  // colour where it fits, or else to the tail.
  void dissolveSmall(uint32_t minSize) {
    const uint64_t small = coloursWhere([minSize](uint32_t size) { return size > 0 && size < minSize; });
    if (small == 0) return;
    const uint64_t kept = coloursWhere([minSize](uint32_t size) { return size >= minSize; });
    const auto n = static_cast<uint32_t>(colourOf_.size());
    for (uint32_t c = 0; c < n; ++c) {
      const uint32_t colour = colourOf_[c];
      if (colour == kTailColour || (small >> colour & 1) == 0) continue;
      unassign(c);
      const uint64_t free = ~usedBy(c) & kept;
      if (free != 0) assign(c, smallestOf(free));
    }
  }

  // Renumbers the non-empty colours largest first (ties by old index) and returns the result.
  Colouring finish() {
    std::vector<uint32_t> byLargest;
    for (uint32_t colour = 0; colour < kMaxColours; ++colour)
      if (sizes_[colour] > 0) byLargest.push_back(colour);
    std::stable_sort(byLargest.begin(), byLargest.end(),
                     [this](uint32_t a, uint32_t b) { return sizes_[a] > sizes_[b]; });
    std::array<uint32_t, kMaxColours> newIndex{};
    Colouring result;
    for (uint32_t colour : byLargest) {
      newIndex[colour] = result.colourCount();
      result.colourSizes.push_back(sizes_[colour]);
    }
    for (uint32_t& colour : colourOf_) {
      if (colour == kTailColour)
        ++result.tailSize;
      else
        colour = newIndex[colour];
    }
    result.colourOf = std::move(colourOf_);
    return result;
  }

  uint64_t capMask() const { return capMask_; }

 private:
  const uint32_t* off_;
  const uint32_t* parts_;
  uint64_t capMask_;                           // colours below the cap
  std::vector<uint64_t> used_;                 // per particle: colours touching it
  std::vector<uint32_t> colourOf_;             // per constraint: colour or kTailColour
  std::array<uint32_t, kMaxColours> sizes_{};  // per colour: constraints in it
};

}  // namespace

void ColouringProblem::add(std::initializer_list<uint32_t> constraintParticles) {
  // Constraints touch a handful of particles, so the quadratic check is cheapest.
  for (auto i = constraintParticles.begin(); i != constraintParticles.end(); ++i)
    for (auto j = constraintParticles.begin(); j != i; ++j)
      if (*i == *j)
        throw std::invalid_argument("ColouringProblem::add: particle " + std::to_string(*i) +
                                    " is listed twice in constraint " + std::to_string(constraintCount()));
  particles.insert(particles.end(), constraintParticles);
  offsets.push_back(static_cast<uint32_t>(particles.size()));
}

Colouring colourConstraints(const ColouringProblem& problem, const ColouringOptions& options) {
  if (auto defect = problemDefect(problem)) throw std::invalid_argument("colourConstraints: " + *defect);
  Colourer colourer(problem, std::min(options.maxColours, kMaxColours));
  const std::vector<uint32_t> degree = particleDegrees(problem);
  const uint32_t lowerBound = degree.empty() ? 0 : *std::max_element(degree.begin(), degree.end());
  std::vector<uint32_t> order = degreeOrder(problem, degree);
  colourer.greedy(order);
  // First-fit depends strongly on the input order (a shuffled 512x512 cloth needs 18 colours against 12
  // in builder order); a few iterated-greedy passes recover most of that. None run once the colour count
  // is optimal.
  for (uint32_t pass = 0;
       pass < kRecolourPasses && (colourer.colourCount() > lowerBound || colourer.tailSize() > 0); ++pass) {
    order = colourer.classOrder(order);
    colourer.greedy(order);
  }
  colourer.balance();
  colourer.retryTail(colourer.capMask());
  colourer.dissolveSmall(options.minColourSize);
  return colourer.finish();
}

std::optional<std::string> validateColouring(const ColouringProblem& problem, const Colouring& colouring) {
  if (auto defect = problemDefect(problem)) return "malformed problem: " + *defect;
  const uint32_t n = problem.constraintCount();
  if (colouring.colourOf.size() != n)
    return "colourOf has " + std::to_string(colouring.colourOf.size()) + " entries for " + std::to_string(n) +
           " constraints";

  const uint32_t colourCount = colouring.colourCount();
  std::vector<uint32_t> counts(colourCount, 0);
  uint32_t tail = 0;
  for (uint32_t c = 0; c < n; ++c) {
    const uint32_t colour = colouring.colourOf[c];
    if (colour == kTailColour)
      ++tail;
    else if (colour >= colourCount)
      return "constraint " + std::to_string(c) + " has colour " + std::to_string(colour) +
             " but there are only " + std::to_string(colourCount) + " colours";
    else
      ++counts[colour];
  }
  for (uint32_t colour = 0; colour < colourCount; ++colour)
    if (counts[colour] != colouring.colourSizes[colour])
      return "colour " + std::to_string(colour) + " claims " + std::to_string(colouring.colourSizes[colour]) +
             " constraints but holds " + std::to_string(counts[colour]);
  if (tail != colouring.tailSize)
    return "tail claims " + std::to_string(colouring.tailSize) + " constraints but holds " +
           std::to_string(tail);

  // Visit colour by colour (constraints in index order within one), stamping each particle with the
  // colour and constraint that last touched it.
  std::vector<uint32_t> start(size_t{colourCount} + 1, 0);
  for (uint32_t colour = 0; colour < colourCount; ++colour)
    start[colour + 1] = start[colour] + counts[colour];
  std::vector<uint32_t> byColour(n - tail);
  {
    std::vector<uint32_t> next(start.begin(), start.end() - 1);
    for (uint32_t c = 0; c < n; ++c)
      if (colouring.colourOf[c] != kTailColour) byColour[next[colouring.colourOf[c]]++] = c;
  }
  std::vector<uint32_t> stampColour(problem.particleCount, kTailColour);
  std::vector<uint32_t> stampConstraint(problem.particleCount, 0);
  for (uint32_t colour = 0; colour < colourCount; ++colour) {
    for (uint32_t i = start[colour]; i < start[colour + 1]; ++i) {
      const uint32_t c = byColour[i];
      for (uint32_t k = problem.offsets[c]; k < problem.offsets[c + 1]; ++k) {
        const uint32_t p = problem.particles[k];
        // A particle listed twice within one constraint is not a conflict between constraints.
        if (stampColour[p] == colour && stampConstraint[p] != c)
          return "constraint " + std::to_string(c) + " shares particle " + std::to_string(p) +
                 " with constraint " + std::to_string(stampConstraint[p]) + " in colour " +
                 std::to_string(colour);
        stampColour[p] = colour;
        stampConstraint[p] = c;
      }
    }
  }
  return std::nullopt;
}

ColouringStats colouringStats(const Colouring& colouring) {
  ColouringStats stats;
  stats.colours = colouring.colourCount();
  stats.tail = colouring.tailSize;
  stats.constraints = colouring.tailSize;
  for (uint32_t size : colouring.colourSizes) stats.constraints += size;
  if (!colouring.colourSizes.empty()) {
    const auto [smallest, largest] =
        std::minmax_element(colouring.colourSizes.begin(), colouring.colourSizes.end());
    stats.largestColour = *largest;
    stats.smallestColour = *smallest;
  }
  stats.tailShare = stats.constraints == 0 ? 0.0 : static_cast<double>(stats.tail) / stats.constraints;
  return stats;
}

}  // namespace vkxpbd
