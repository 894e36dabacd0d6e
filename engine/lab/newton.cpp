#include "lab/newton.h"

#include <algorithm>
#include <cmath>

#include <Eigen/Sparse>
#include <Eigen/SparseLU>

namespace vkxpbd::lab {

namespace {

struct System {
  const Model& model;
  const std::vector<glm::dvec3>& predicted;
  double invDt2;
  std::vector<int> freeIndex;  // particle → index among the free particles, −1 when pinned
  int freeCount = 0;

  double mass(uint32_t i) const { return 1.0 / model.restPositions[i].w; }  // kg
  double alphaTilde(const DistanceConstraint& c) const { return c.compliance * invDt2; }

  // Residual vector [g / m per free particle (m); h per constraint (m)] and its max norm.
  double residual(const std::vector<glm::dvec3>& x, const std::vector<double>& lambda, Eigen::VectorXd* g,
                  Eigen::VectorXd* h) const {
    const size_t m = model.distance.size();
    Eigen::VectorXd gv = Eigen::VectorXd::Zero(3 * freeCount), hv(static_cast<Eigen::Index>(m));
    for (size_t i = 0; i < x.size(); ++i)
      if (freeIndex[i] >= 0)
        for (int k = 0; k < 3; ++k)
          gv[3 * freeIndex[i] + k] = mass(static_cast<uint32_t>(i)) * (x[i][k] - predicted[i][k]);
    for (size_t j = 0; j < m; ++j) {
      const DistanceConstraint& c = model.distance[j];
      const glm::dvec3 d = x[c.a] - x[c.b];
      const double len = glm::length(d);
      const glm::dvec3 n = len > 0.0 ? d / len : glm::dvec3(0.0);
      hv[static_cast<Eigen::Index>(j)] = len - c.restLength + alphaTilde(c) * lambda[j];
      if (freeIndex[c.a] >= 0)
        for (int k = 0; k < 3; ++k) gv[3 * freeIndex[c.a] + k] -= n[k] * lambda[j];
      if (freeIndex[c.b] >= 0)
        for (int k = 0; k < 3; ++k) gv[3 * freeIndex[c.b] + k] += n[k] * lambda[j];
    }
    double norm = hv.size() > 0 ? hv.cwiseAbs().maxCoeff() : 0.0;
    for (size_t i = 0; i < x.size(); ++i)
      if (freeIndex[i] >= 0)
        for (int k = 0; k < 3; ++k)
          norm = std::max(norm, std::abs(gv[3 * freeIndex[i] + k]) / mass(static_cast<uint32_t>(i)));
    if (g) *g = gv;
    if (h) *h = hv;
    return norm;
  }
};

}  // namespace

NewtonResult solveImplicitStep(const Model& model, const std::vector<glm::dvec3>& predicted,
                               const std::vector<glm::dvec3>& initialX,
                               const std::vector<double>& initialLambda, double dt, double tolerance,
                               uint32_t maxIterations) {
  NewtonResult result;
  System sys{model, predicted, 1.0 / (dt * dt), {}, 0};
  sys.freeIndex.assign(model.particleCount(), -1);
  for (uint32_t i = 0; i < model.particleCount(); ++i)
    if (model.restPositions[i].w > 0.0f) sys.freeIndex[i] = sys.freeCount++;
  const int n3 = 3 * sys.freeCount;
  const int m = static_cast<int>(model.distance.size());

  std::vector<glm::dvec3> x = initialX;
  std::vector<double> lambda = initialLambda;
  lambda.resize(static_cast<size_t>(m), 0.0);
  Eigen::VectorXd g, h;
  double norm = sys.residual(x, lambda, &g, &h);
  result.residuals.push_back(norm);

  Eigen::SparseLU<Eigen::SparseMatrix<double>> lu;
  for (uint32_t it = 0; it < maxIterations && norm > tolerance; ++it) {
    std::vector<Eigen::Triplet<double>> t;
    t.reserve(static_cast<size_t>(n3) + static_cast<size_t>(m) * 40);
    for (uint32_t i = 0; i < model.particleCount(); ++i)
      if (sys.freeIndex[i] >= 0)
        for (int k = 0; k < 3; ++k)
          t.emplace_back(3 * sys.freeIndex[i] + k, 3 * sys.freeIndex[i] + k, sys.mass(i));
    for (int j = 0; j < m; ++j) {
      const DistanceConstraint& c = model.distance[static_cast<size_t>(j)];
      const glm::dvec3 d = x[c.a] - x[c.b];
      const double len = std::max(glm::length(d), 1e-12);
      const glm::dvec3 nrm = d / len;
      const int ends[2] = {sys.freeIndex[c.a], sys.freeIndex[c.b]};
      const double sign[2] = {1.0, -1.0};
      const int row = n3 + j;
      // ∇²C: ±(I − n nᵀ)/|d| between the two ends; the block of g is −λ ∇²C.
      for (int ea = 0; ea < 2; ++ea) {
        if (ends[ea] < 0) continue;
        for (int k = 0; k < 3; ++k) {
          t.emplace_back(3 * ends[ea] + k, row, -sign[ea] * nrm[k]);  // −∇Cᵀ
          t.emplace_back(row, 3 * ends[ea] + k, sign[ea] * nrm[k]);   // ∇C
        }
        for (int eb = 0; eb < 2; ++eb) {
          if (ends[eb] < 0) continue;
          for (int r = 0; r < 3; ++r)
            for (int k = 0; k < 3; ++k) {
              const double p = ((r == k ? 1.0 : 0.0) - nrm[r] * nrm[k]) / len;
              t.emplace_back(3 * ends[ea] + r, 3 * ends[eb] + k,
                             -lambda[static_cast<size_t>(j)] * sign[ea] * sign[eb] * p);
            }
        }
      }
      t.emplace_back(row, row, sys.alphaTilde(c));
    }
    Eigen::SparseMatrix<double> A(n3 + m, n3 + m);
    A.setFromTriplets(t.begin(), t.end());
    A.makeCompressed();
    lu.compute(A);
    if (lu.info() != Eigen::Success) {
      result.message = "the KKT matrix is singular (constraints with zero compliance?)";
      return result;
    }
    Eigen::VectorXd rhs(n3 + m);
    rhs << -g, -h;
    const Eigen::VectorXd delta = lu.solve(rhs);
    if (lu.info() != Eigen::Success || !delta.allFinite()) {
      result.message = "the linear solve failed";
      return result;
    }
    // Backtracking: halve the step until the residual decreases.
    double step = 1.0;
    for (int tries = 0; tries < 20; ++tries, step *= 0.5) {
      std::vector<glm::dvec3> xt = x;
      std::vector<double> lt = lambda;
      for (uint32_t i = 0; i < model.particleCount(); ++i)
        if (sys.freeIndex[i] >= 0)
          for (int k = 0; k < 3; ++k) xt[i][k] += step * delta[3 * sys.freeIndex[i] + k];
      for (int j = 0; j < m; ++j) lt[static_cast<size_t>(j)] += step * delta[n3 + j];
      Eigen::VectorXd gt, ht;
      const double nt = sys.residual(xt, lt, &gt, &ht);
      if (nt < norm || tries == 19) {
        x = std::move(xt);
        lambda = std::move(lt);
        g = std::move(gt);
        h = std::move(ht);
        norm = nt;
        break;
      }
    }
    result.residuals.push_back(norm);
    result.iterations = it + 1;
  }
  result.ok = norm <= std::max(tolerance, 1e-9);
  if (!result.ok) result.message = "no convergence: residual " + std::to_string(norm) + " m";
  result.positions = std::move(x);
  result.lambdas = std::move(lambda);
  return result;
}

}  // namespace vkxpbd::lab
