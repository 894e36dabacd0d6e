// Constraints on four particles (ElementConstraint, types VKXPBD_ELEMENT_*): their value C and
// gradients ∇_i C, written once for the GLSL passes and the CPU reference. The projection is the same
// XPBD step as for distance constraints (xpbd_math.h):
//   Δλ = (−C − α̃λ) / (Σ w_i |∇_i C|² + α̃),   Δx_i = w_i ∇_i C Δλ.
// Where a gradient is undefined (a degenerate triangle or tetrahedron, a zero curvature vector) the
// gradient is returned as zero and the projection does nothing, so no NaN can arise.
#ifndef VKXPBD_SHARED_ELEMENT_MATH_H
#define VKXPBD_SHARED_ELEMENT_MATH_H

#include "shared/xpbd_math.h"

XPBD_BEGIN_NAMESPACE

// Below this squared length (m⁴ for a triangle normal, m² for a curvature vector) a gradient is undefined.
#define VKXPBD_MIN_SQUARED 1e-24f

struct ElementGradient {
  float C;
  vec3 g0;  // ∇C with respect to particle a
  vec3 g1;  // b
  vec3 g2;  // c
  vec3 g3;  // d
};

struct ElementCorrection {
  vec3 d0;  // position change of particle a, m
  vec3 d1;
  vec3 d2;
  vec3 d3;
  float deltaLambda;
  float deltaLambda2;  // Neo-Hookean: Δλ of the hydrostatic constraint
};

// The correction of an element projected with the split masses, taken as `step` says (JacobiStep,
// xpbd_math.h).
XPBD_FN ElementCorrection scaledElementCorrection(ElementCorrection r, JacobiStep step) {
  r.d0 *= step.positionScale;
  r.d1 *= step.positionScale;
  r.d2 *= step.positionScale;
  r.d3 *= step.positionScale;
  r.deltaLambda *= step.lambdaScale;
  r.deltaLambda2 *= step.lambdaScale;
  return r;
}

XPBD_FN ElementGradient noGradient() {
  ElementGradient r;
  r.C = 0.0f;
  r.g0 = vec3(0.0f);
  r.g1 = vec3(0.0f);
  r.g2 = vec3(0.0f);
  r.g3 = vec3(0.0f);
  return r;
}

XPBD_FN ElementCorrection noCorrection() {
  ElementCorrection r;
  r.d0 = vec3(0.0f);
  r.d1 = vec3(0.0f);
  r.d2 = vec3(0.0f);
  r.d3 = vec3(0.0f);
  r.deltaLambda = 0.0f;
  r.deltaLambda2 = 0.0f;
  return r;
}

// An angle difference wrapped into [−π, π], so a rest angle near ±π (a fold) has no jump.
XPBD_FN float wrapAngle(float a) {
  if (a > VKXPBD_PI) return a - 2.0f * VKXPBD_PI;
  if (a < -VKXPBD_PI) return a + 2.0f * VKXPBD_PI;
  return a;
}

// Signed dihedral angle θ between the triangles (p0, p1, p2) and (p1, p0, p3) sharing the edge p0–p1:
// 0 when flat, ±π when folded onto each other; θ = atan2((n₁ × n₂)·ê, n₁·n₂), which stays accurate
// at 0 and π where arccos(n₁·n₂) loses precision and has an infinite derivative. The gradients are
// those of Bridson et al. (2003): each wing moves along its triangle's normal, the edge ends by the
// complementary weights, Σ ∇_i θ = 0.
XPBD_FN ElementGradient dihedralGradient(vec3 p0, vec3 p1, vec3 p2, vec3 p3, float restAngle) {
  vec3 e = p1 - p0;
  float len = length(e);
  vec3 n1 = cross(p2 - p0, p2 - p1);  // |n1| = twice the area of triangle 1
  vec3 n2 = cross(p3 - p1, p3 - p0);
  float n1Sq = dot(n1, n1);
  float n2Sq = dot(n2, n2);
  if (len < VKXPBD_MIN_LENGTH || n1Sq < VKXPBD_MIN_SQUARED || n2Sq < VKXPBD_MIN_SQUARED) return noGradient();
  vec3 eHat = e / len;
  vec3 u1 = n1 / n1Sq;
  vec3 u2 = n2 / n2Sq;
  float theta = atan2(dot(cross(n1, n2), eHat) / sqrt(n1Sq * n2Sq), dot(n1, n2) / sqrt(n1Sq * n2Sq));
  ElementGradient r;
  r.C = wrapAngle(theta - restAngle);
  r.g2 = -len * u1;
  r.g3 = -len * u2;
  r.g0 = -(dot(p2 - p1, eHat) * u1 + dot(p3 - p1, eHat) * u2);
  r.g1 = dot(p2 - p0, eHat) * u1 + dot(p3 - p0, eHat) * u2;
  return r;
}

// Isometric bending (Bergou et al. 2006): with the curvature vector H = Σ K_i x_i (K from the rest
// cotangents, K = (k0, k1, k2, k3)) and s = 3/(A₀+A₁), the energy ½ s |H|² / α is the quadratic
// bending energy of the stencil. Written as C = √s |H| (so ½ C²/α is that energy and α = 1/k_bend,
// 1/(N·m)); ∇_i C = √s K_i Ĥ. The rest shape is taken as flat (H = 0 at rest).
XPBD_FN ElementGradient isometricBendGradient(vec3 p0, vec3 p1, vec3 p2, vec3 p3, vec4 K, float sqrtScale) {
  vec3 h = K.x * p0 + K.y * p1 + K.z * p2 + K.w * p3;
  float hSq = dot(h, h);
  if (hSq < VKXPBD_MIN_SQUARED) return noGradient();
  float hLen = sqrt(hSq);
  vec3 dir = h * (sqrtScale / hLen);
  ElementGradient r;
  r.C = sqrtScale * hLen;
  r.g0 = K.x * dir;
  r.g1 = K.y * dir;
  r.g2 = K.z * dir;
  r.g3 = K.w * dir;
  return r;
}

// Signed volume of the tetrahedron (p0, p1, p2, p3), m³; positive when (p1−p0, p2−p0, p3−p0) is
// right-handed.
XPBD_FN float tetVolume(vec3 p0, vec3 p1, vec3 p2, vec3 p3) {
  return dot(p1 - p0, cross(p2 - p0, p3 - p0)) / 6.0f;
}

// C = V − V₀ (m³); ∇ of the signed volume: each vertex moves along its opposite face's normal.
XPBD_FN ElementGradient tetVolumeGradient(vec3 p0, vec3 p1, vec3 p2, vec3 p3, float restVolume) {
  vec3 d1 = p1 - p0;
  vec3 d2 = p2 - p0;
  vec3 d3 = p3 - p0;
  ElementGradient r;
  r.C = dot(d1, cross(d2, d3)) / 6.0f - restVolume;
  r.g1 = cross(d2, d3) / 6.0f;
  r.g2 = cross(d3, d1) / 6.0f;
  r.g3 = cross(d1, d2) / 6.0f;
  r.g0 = -(r.g1 + r.g2 + r.g3);
  return r;
}

// Stable Neo-Hookean in constraint form (Macklin and Müller 2021). F = D_s D_m⁻¹ with the edge
// matrix D_s = (p1−p0, p2−p0, p3−p0) and the rest inverse D_m⁻¹ given by its rows b0, b1, b2.
//   deviatoric:  C_D = ‖F‖_F,      α_D = 1/(μ V₀)
//   hydrostatic: C_H = det F − γ,  α_H = 1/(λ V₀),  γ = 1 + μ/λ (rest-stable: the two forces cancel at F = I)
// With P = ∂C/∂F (columns P0, P1, P2), ∇_{p_k} C = Σ_j P_j (D_m⁻¹)_{k−1, j} for k = 1..3 and ∇_{p0} C = −Σ.
// The two constraints of a tetrahedron are projected together (projectNeoHookean): at rest their
// gradients are parallel and their λ must balance, which one-at-a-time projection only reaches
// after many iterations.
// The columns of the deformation gradient F = D_s D_m⁻¹ of the tetrahedron (p0, p1, p2, p3).
struct DeformationGradient {
  vec3 f0;
  vec3 f1;
  vec3 f2;
};

XPBD_FN DeformationGradient deformationGradient(vec3 p0, vec3 p1, vec3 p2, vec3 p3, vec4 b0, vec4 b1,
                                                vec4 b2) {
  vec3 d1 = p1 - p0;
  vec3 d2 = p2 - p0;
  vec3 d3 = p3 - p0;
  DeformationGradient F;
  F.f0 = d1 * b0.x + d2 * b1.x + d3 * b2.x;
  F.f1 = d1 * b0.y + d2 * b1.y + d3 * b2.y;
  F.f2 = d1 * b0.z + d2 * b1.z + d3 * b2.z;
  return F;
}

// C and its gradients from P = ∂C/∂F (columns P0, P1, P2): ∇_{p_k} C = Σ_j P_j (D_m⁻¹)_{k−1, j}, ∇_{p0} C =
// −Σ.
XPBD_FN ElementGradient gradientFromStress(float C, vec3 P0, vec3 P1, vec3 P2, vec4 b0, vec4 b1, vec4 b2) {
  ElementGradient r;
  r.C = C;
  r.g1 = P0 * b0.x + P1 * b0.y + P2 * b0.z;
  r.g2 = P0 * b1.x + P1 * b1.y + P2 * b1.z;
  r.g3 = P0 * b2.x + P1 * b2.y + P2 * b2.z;
  r.g0 = -(r.g1 + r.g2 + r.g3);
  return r;
}

XPBD_FN ElementGradient neoHookeanGradient(vec3 p0, vec3 p1, vec3 p2, vec3 p3, vec4 b0, vec4 b1, vec4 b2,
                                           bool hydrostatic, float gamma) {
  DeformationGradient F = deformationGradient(p0, p1, p2, p3, b0, b1, b2);
  vec3 f0 = F.f0;
  vec3 f1 = F.f1;
  vec3 f2 = F.f2;
  vec3 P0;
  vec3 P1;
  vec3 P2;
  float C;
  if (hydrostatic) {
    P0 = cross(f1, f2);
    P1 = cross(f2, f0);
    P2 = cross(f0, f1);
    C = dot(f0, P0) - gamma;
  } else {
    C = sqrt(dot(f0, f0) + dot(f1, f1) + dot(f2, f2));
    if (C < VKXPBD_MIN_LENGTH) return noGradient();
    P0 = f0 / C;
    P1 = f1 / C;
    P2 = f2 / C;
  }
  return gradientFromStress(C, P0, P1, P2, b0, b1, b2);
}

// The shape part used for stiff tetrahedra (projectNeoHookean): C_S = ‖dev E‖_F with the Green strain
// E = ½(FᵀF − I) and dev E = E − ⅓ tr(E) I; ∂C_S/∂F = F dev E / ‖dev E‖. C_S is 0 in the rest shape and
// at every rotation of it, so, unlike C_D = ‖F‖ (√3 at rest, held there by a λ_D ∝ μV₀Δt² that
// balances the hydrostatic λ), it carries no force at rest. dev E is computed from the column dot
// products of F, so its rounding error is that of E (≈1e-7), not the square root of it.
XPBD_FN ElementGradient isochoricGradient(vec3 p0, vec3 p1, vec3 p2, vec3 p3, vec4 b0, vec4 b1, vec4 b2) {
  DeformationGradient F = deformationGradient(p0, p1, p2, p3, b0, b1, b2);
  vec3 f0 = F.f0;
  vec3 f1 = F.f1;
  vec3 f2 = F.f2;
  float e00 = 0.5f * (dot(f0, f0) - 1.0f);
  float e11 = 0.5f * (dot(f1, f1) - 1.0f);
  float e22 = 0.5f * (dot(f2, f2) - 1.0f);
  float e01 = 0.5f * dot(f0, f1);
  float e02 = 0.5f * dot(f0, f2);
  float e12 = 0.5f * dot(f1, f2);
  float third = (e00 + e11 + e22) / 3.0f;
  e00 -= third;
  e11 -= third;
  e22 -= third;
  float C = sqrt(e00 * e00 + e11 * e11 + e22 * e22 + 2.0f * (e01 * e01 + e02 * e02 + e12 * e12));
  if (C < VKXPBD_MIN_LENGTH) return noGradient();
  vec3 P0 = (f0 * e00 + f1 * e01 + f2 * e02) / C;
  vec3 P1 = (f0 * e01 + f1 * e11 + f2 * e12) / C;
  vec3 P2 = (f0 * e02 + f1 * e12 + f2 * e22) / C;
  return gradientFromStress(C, P0, P1, P2, b0, b1, b2);
}

// C and ∇C of element e at positions p0..p3 (particles a..d); q0..q2 are its data vec4s.
XPBD_FN ElementGradient elementGradient(ElementConstraint e, vec3 p0, vec3 p1, vec3 p2, vec3 p3, vec4 q0,
                                        vec4 q1, vec4 q2) {
  if (e.type == VKXPBD_ELEMENT_DIHEDRAL) return dihedralGradient(p0, p1, p2, p3, e.rest);
  if (e.type == VKXPBD_ELEMENT_ISOMETRIC_BEND) return isometricBendGradient(p0, p1, p2, p3, q0, e.rest);
  if (e.type == VKXPBD_ELEMENT_TET_VOLUME) return tetVolumeGradient(p0, p1, p2, p3, e.rest);
  return neoHookeanGradient(p0, p1, p2, p3, q0, q1, q2, false, e.rest);  // Neo-Hookean: its deviatoric part
}

// How many data vec4s an element type uses.
XPBD_FN uint elementDataSize(uint type) {
  if (type == VKXPBD_ELEMENT_ISOMETRIC_BEND) return 1u;
  if (type == VKXPBD_ELEMENT_NEOHOOKEAN) return 3u;
  return 0u;
}

// One XPBD (or PBD) projection of a constraint with value and gradients g and inverse masses w
// (w.x for a … w.w for d, 1/kg).
XPBD_FN ElementCorrection projectGradient(ElementGradient g, vec4 w, float compliance, float stiffness,
                                          float alphaScale, float lambda, uint constraintModel) {
  ElementCorrection r = noCorrection();
  float wGrad = w.x * dot(g.g0, g.g0) + w.y * dot(g.g1, g.g1) + w.z * dot(g.g2, g.g2) + w.w * dot(g.g3, g.g3);
  if (wGrad <= VKXPBD_MIN_SQUARED) return r;
  float dl;
  if (constraintModel == VKXPBD_MODEL_PBD) {
    dl = -stiffness * g.C / wGrad;
  } else {
    dl = xpbdDeltaLambda(g.C, wGrad, compliance * alphaScale, lambda);
  }
  r.deltaLambda = dl;
  r.d0 = (w.x * dl) * g.g0;
  r.d1 = (w.y * dl) * g.g1;
  r.d2 = (w.z * dl) * g.g2;
  r.d3 = (w.w * dl) * g.g3;
  return r;
}

XPBD_FN float weightedDot(ElementGradient a, ElementGradient b, vec4 w) {
  return w.x * dot(a.g0, b.g0) + w.y * dot(a.g1, b.g1) + w.z * dot(a.g2, b.g2) + w.w * dot(a.g3, b.g3);
}

// Whether a Neo-Hookean tetrahedron takes the stiff form (projectNeoHookean) in this substep: its α̃_D =
// α_D·alphaScale (1/kg) below Σ w|∇C_D|² at its current shape (gD), or below
// VKXPBD_NEOHOOKEAN_STIFF_MARGIN × that sum in its rest shape, where ∇_k C_D = b_k/√3 (b_k the rows of
// D_m⁻¹, b_0 = −Σ): ‖F‖'s rest force is not stable up to the current-shape bound. Measured (CPU reference,
// 10 × 1, a 0.2 m block of 4×4×4 cells, ν = 0.3, resting on frictionless ground): with the current-shape
// bound alone it rocked off its base at E = 0.8–1 MPa in Gauss-Seidel mode with bilateral coarse levels (at
// 1 MPa with the hierarchy's defaults too, 0.41 rad/s), a band that moved with E·Δt² (3.6–4 MPa at 20
// substeps) and vanished with the stiff form everywhere; the same bound × 1.25 (current shape) stopped it,
// × 1.1 did not. The rest-shape margin does not switch as the tetrahedron deforms (a margin on the current
// shape did: the cantilever of NeoHookean.CantileverSagIndependentOfResolutionAndIterations then sagged
// 5.6% more at 2 iterations than at 8).
#define VKXPBD_NEOHOOKEAN_STIFF_MARGIN 1.5f

XPBD_FN bool neoHookeanStiff(float alphaD, ElementGradient gD, vec4 w, vec4 q0, vec4 q1, vec4 q2) {
  vec3 b0 = -(vec3(q0) + vec3(q1) + vec3(q2));
  float rest = w.x * dot(b0, b0) + w.y * dot(vec3(q0), vec3(q0)) + w.z * dot(vec3(q1), vec3(q1)) +
               w.w * dot(vec3(q2), vec3(q2));  // 3 Σ w|∇C_D|² at F = I
  return alphaD < weightedDot(gD, gD, w) || 3.0f * alphaD < VKXPBD_NEOHOOKEAN_STIFF_MARGIN * rest;
}

// The pair of constraints a Neo-Hookean tetrahedron is projected with in this substep, at positions p0..p3
// with inverse masses w: the deviatoric gradient gD (C_D = ‖F‖, or the shape part C_S = ‖dev E‖ for a stiff
// tetrahedron), the hydrostatic gH and their compliances (α̃ = compliance × alphaScale). `stiffTest`: false
// in PBD mode, which has no α̃ to compare and keeps ‖F‖. Shared by the projection, the force views and the
// convergence lab's residual, so that all three see the same constraints.
struct NeoHookeanForm {
  ElementGradient gD;
  ElementGradient gH;
  float complianceD;
  float complianceH;
};

XPBD_FN NeoHookeanForm neoHookeanForm(ElementConstraint e, vec3 p0, vec3 p1, vec3 p2, vec3 p3, vec4 q0,
                                      vec4 q1, vec4 q2, vec4 w, float alphaScale, bool stiffTest) {
  NeoHookeanForm f;
  f.gD = neoHookeanGradient(p0, p1, p2, p3, q0, q1, q2, false, e.rest);
  f.complianceD = e.compliance;
  f.complianceH = e.compliance2;
  float gamma = e.rest;
  // Stiff in this substep (neoHookeanStiff): C_D = ‖F‖'s rest force λ_D ≈ √3/α̃_D would turn any rotation of
  // ∇C_D into a correction larger than the disturbance (a 10 MPa cube inverted in its first frame). Such a
  // tetrahedron takes the stress-free shape part C_S = ‖dev E‖ (α = 1/(2μV₀)) and C_H = det F − 1 with the
  // bulk modulus that gives the same small-strain response as the pair above, κ' = λ − μ/3 (kept ≥ μ/3): one
  // material, both forms agree for small strains.
  if (stiffTest && neoHookeanStiff(e.compliance * alphaScale, f.gD, w, q0, q1, q2)) {
    float muV = 1.0f / e.compliance;       // μV₀ (J)
    float lambdaV = 1.0f / e.compliance2;  // λV₀ (J)
    f.gD = isochoricGradient(p0, p1, p2, p3, q0, q1, q2);
    f.complianceD = 0.5f * e.compliance;
    f.complianceH = 1.0f / max(lambdaV - muV / 3.0f, muV / 3.0f);
    gamma = 1.0f;
  }
  f.gH = neoHookeanGradient(p0, p1, p2, p3, q0, q1, q2, true, gamma);
  return f;
}

// Both Neo-Hookean constraints of a tetrahedron at once: the 2×2 XPBD system
//   [ ∇C_D·W∇C_D + α̃_D   ∇C_D·W∇C_H       ] [Δλ_D]   [ −C_D − α̃_D λ_D ]
//   [ ∇C_H·W∇C_D         ∇C_H·W∇C_H + α̃_H ] [Δλ_H] = [ −C_H − α̃_H λ_H ],   Δx = W (∇C_D Δλ_D + ∇C_H Δλ_H).
// PBD mode takes α̃ = 0 and scales both Δλ by k.
XPBD_FN ElementCorrection projectNeoHookean(ElementConstraint e, vec4 x0, vec4 x1, vec4 x2, vec4 x3, vec4 q0,
                                            vec4 q1, vec4 q2, float alphaScale, float lambdaD, float lambdaH,
                                            uint constraintModel) {
  vec4 w = vec4(x0.w, x1.w, x2.w, x3.w);
  bool pbd = constraintModel == VKXPBD_MODEL_PBD;
  NeoHookeanForm form =
      neoHookeanForm(e, vec3(x0), vec3(x1), vec3(x2), vec3(x3), q0, q1, q2, w, alphaScale, !pbd);
  ElementGradient gD = form.gD;
  ElementGradient gH = form.gH;
  float alphaD = pbd ? 0.0f : form.complianceD * alphaScale;
  float alphaH = pbd ? 0.0f : form.complianceH * alphaScale;
  float a11 = weightedDot(gD, gD, w) + alphaD;
  float a22 = weightedDot(gH, gH, w) + alphaH;
  float a12 = weightedDot(gD, gH, w);
  float b1 = -gD.C - (pbd ? 0.0f : alphaD * lambdaD);
  float b2 = -gH.C - (pbd ? 0.0f : alphaH * lambdaH);
  float det = a11 * a22 - a12 * a12;
  ElementCorrection r = noCorrection();
  if (!(det > 1e-6f * a11 * a22)) {
    // Nearly parallel gradients without compliance to tell them apart (PBD at rest): the volume term alone.
    if (a22 > VKXPBD_MIN_SQUARED) r.deltaLambda2 = b2 / a22;
  } else {
    r.deltaLambda = (b1 * a22 - b2 * a12) / det;
    r.deltaLambda2 = (a11 * b2 - a12 * b1) / det;
  }
  if (pbd) {
    r.deltaLambda *= e.stiffness;
    r.deltaLambda2 *= e.stiffness;
  }
  r.d0 = w.x * (gD.g0 * r.deltaLambda + gH.g0 * r.deltaLambda2);
  r.d1 = w.y * (gD.g1 * r.deltaLambda + gH.g1 * r.deltaLambda2);
  r.d2 = w.z * (gD.g2 * r.deltaLambda + gH.g2 * r.deltaLambda2);
  r.d3 = w.w * (gD.g3 * r.deltaLambda + gH.g3 * r.deltaLambda2);
  return r;
}

// One projection of element e with its accumulated λ (lambda2: a Neo-Hookean's hydrostatic λ).
XPBD_FN ElementCorrection projectElement(ElementConstraint e, vec4 x0, vec4 x1, vec4 x2, vec4 x3, vec4 q0,
                                         vec4 q1, vec4 q2, float alphaScale, float lambda, float lambda2,
                                         uint constraintModel) {
  if (e.type == VKXPBD_ELEMENT_NEOHOOKEAN)
    return projectNeoHookean(e, x0, x1, x2, x3, q0, q1, q2, alphaScale, lambda, lambda2, constraintModel);
  ElementGradient g = elementGradient(e, vec3(x0), vec3(x1), vec3(x2), vec3(x3), q0, q1, q2);
  return projectGradient(g, vec4(x0.w, x1.w, x2.w, x3.w), e.compliance, e.stiffness, alphaScale, lambda,
                         constraintModel);
}

// The force (N) element e puts on its most loaded particle, from the λ of its last projection (debug
// views): |∇_k C| |λ| α̃/α over the four particles k (α̃/α = alphaScale, 1/s²), evaluated at positions
// x0..x3. Neo-Hookean: |∇_k C_D λ_D + ∇_k C_H λ_H| α̃/α with the form projectNeoHookean chose (the shape part
// for stiff tetrahedra), so the two forces that cancel at rest draw as zero.
XPBD_FN float elementForce(ElementConstraint e, vec4 x0, vec4 x1, vec4 x2, vec4 x3, vec4 q0, vec4 q1, vec4 q2,
                           float alphaScale, float lambda, float lambda2) {
  vec3 p0 = vec3(x0);
  vec3 p1 = vec3(x1);
  vec3 p2 = vec3(x2);
  vec3 p3 = vec3(x3);
  vec3 f0;
  vec3 f1;
  vec3 f2;
  vec3 f3;
  if (e.type == VKXPBD_ELEMENT_NEOHOOKEAN) {
    NeoHookeanForm form =
        neoHookeanForm(e, p0, p1, p2, p3, q0, q1, q2, vec4(x0.w, x1.w, x2.w, x3.w), alphaScale, true);
    ElementGradient gD = form.gD;
    ElementGradient gH = form.gH;
    f0 = gD.g0 * lambda + gH.g0 * lambda2;
    f1 = gD.g1 * lambda + gH.g1 * lambda2;
    f2 = gD.g2 * lambda + gH.g2 * lambda2;
    f3 = gD.g3 * lambda + gH.g3 * lambda2;
  } else {
    ElementGradient g = elementGradient(e, p0, p1, p2, p3, q0, q1, q2);
    f0 = g.g0 * lambda;
    f1 = g.g1 * lambda;
    f2 = g.g2 * lambda;
    f3 = g.g3 * lambda;
  }
  return max(max(length(f0), length(f1)), max(length(f2), length(f3))) * alphaScale;
}

XPBD_END_NAMESPACE

#endif
