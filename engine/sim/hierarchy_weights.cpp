// Prolongation weights: the minimum change of inverse-distance weights w0 that reproduces the rest
// position, w = w0 + Aᵀ (A Aᵀ + εI)⁻¹ (b − A w0) with A = [1; (X_j − x)/h] (4 × n), b = [1; 0; 0; 0].
// The positions are scaled by the mean parent distance h, so ε is dimensionless.
#include "sim/hierarchy_weights.h"

#include <cmath>

namespace vkxpbd {

namespace {

constexpr double kRegulariser = 1e-10;     // ε (dimensionless)
constexpr double kLinearTolerance = 1e-6;  // |Σ w_j (X_j − x)| / h
constexpr double kMinWeight = -0.5;
constexpr double kMaxWeight = 1.5;

// Solves the symmetric positive definite 4×4 system m y = r by Gaussian elimination with partial pivoting.
std::array<double, 4> solve4(std::array<std::array<double, 4>, 4> m, std::array<double, 4> r) {
  for (int col = 0; col < 4; ++col) {
    int pivot = col;
    for (int row = col + 1; row < 4; ++row)
      if (std::abs(m[row][col]) > std::abs(m[pivot][col])) pivot = row;
    std::swap(m[col], m[pivot]);
    std::swap(r[col], r[pivot]);
    for (int row = col + 1; row < 4; ++row) {
      const double f = m[row][col] / m[col][col];
      for (int k = col; k < 4; ++k) m[row][k] -= f * m[col][k];
      r[row] -= f * r[col];
    }
  }
  std::array<double, 4> y{};
  for (int row = 3; row >= 0; --row) {
    double s = r[row];
    for (int k = row + 1; k < 4; ++k) s -= m[row][k] * y[k];
    y[row] = s / m[row][row];
  }
  return y;
}

// |Σ w_j (X_j − x)| / h after renormalising the weights to sum 1.
double linearResidual(const std::array<double, 4>& w, const std::array<glm::dvec3, 4>& rel, uint32_t n) {
  double sum = 0.0;
  glm::dvec3 moment(0.0);
  for (uint32_t j = 0; j < n; ++j) {
    sum += w[j];
    moment += w[j] * rel[j];
  }
  return glm::length(moment / sum);
}

}  // namespace

ParentWeights prolongationWeights(glm::dvec3 x, const glm::dvec3* parents, uint32_t count) {
  const uint32_t n = count < 4u ? count : 4u;
  std::array<glm::dvec3, 4> rel{};  // (X_j − x) / h
  std::array<double, 4> w0{};       // inverse-distance weights
  double h = 0.0, inverseSum = 0.0;
  for (uint32_t j = 0; j < n; ++j) h += glm::length(parents[j] - x) / n;
  for (uint32_t j = 0; j < n; ++j) {
    rel[j] = (parents[j] - x) / h;
    w0[j] = 1.0 / std::max(glm::length(rel[j]), 1e-12);
    inverseSum += w0[j];
  }
  for (uint32_t j = 0; j < n; ++j) w0[j] /= inverseSum;

  // A w0 − b and A Aᵀ + εI.
  std::array<std::array<double, 4>, 4> m{};
  std::array<double, 4> r{1.0, 0.0, 0.0, 0.0};
  for (uint32_t j = 0; j < n; ++j) {
    const std::array<double, 4> a{1.0, rel[j].x, rel[j].y, rel[j].z};
    for (int p = 0; p < 4; ++p) {
      r[p] -= a[p] * w0[j];
      for (int q = 0; q < 4; ++q) m[p][q] += a[p] * a[q];
    }
  }
  for (int p = 0; p < 4; ++p) m[p][p] += kRegulariser;
  const std::array<double, 4> y = solve4(m, r);

  std::array<double, 4> w{};
  double corrected = 0.0;
  for (uint32_t j = 0; j < n; ++j) {
    w[j] = w0[j] + y[0] + rel[j].x * y[1] + rel[j].y * y[2] + rel[j].z * y[3];
    corrected += w[j];
  }
  // The range is checked on the weights as they will be used: renormalised to sum 1.
  bool inRange = std::isfinite(corrected) && std::abs(corrected) > 1e-9;
  for (uint32_t j = 0; j < n && inRange; ++j) {
    const double used = w[j] / corrected;
    inRange = used >= kMinWeight && used <= kMaxWeight;
  }
  ParentWeights result;
  if (!inRange) {
    w = w0;
    result.inverseDistance = true;
  }
  result.linearPrecision = linearResidual(w, rel, n) <= kLinearTolerance;

  double sum = 0.0;
  for (uint32_t j = 0; j < n; ++j) sum += w[j];
  float floatSum = 0.0f;  // in the order the GPU adds them
  for (uint32_t j = 0; j + 1 < n; ++j) {
    result.weights[j] = static_cast<float>(w[j] / sum);
    floatSum += result.weights[j];
  }
  if (n > 0) result.weights[n - 1] = 1.0f - floatSum;
  return result;
}

}  // namespace vkxpbd
