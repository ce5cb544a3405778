// Element transfer matrices and the first Riccati matrices of the paper's
// demonstration example, against the printed equations of 000 (Eqs. 38-41,
// 44, 45 rows 2-3 and 49) at random states, and the dense matrices against
// Newton's and Euler's equations written out independently.
// (../shared/docs/method.md §8: Eq. 45 row 1 and Eq. 62 are misprinted; row 1 is checked
// in its corrected form.)

#include "tests/core/check.hpp"
#include <cmath>

#include "core/dynamics/riccati/body_step.hpp"
#include "core/dynamics/transfer_matrices.hpp"
#include "core/model/model.hpp"
#include "tests/core/test_support.hpp"

using namespace mstmm;

namespace {

constexpr double m = 1.0, a = 0.5, g = 9.81;

Eigen::MatrixXd mat3(std::initializer_list<double> v) {
  Eigen::MatrixXd r(3, 3);
  auto it = v.begin();
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r(i, j) = *it++;
  return r;
}

Eigen::VectorXd vec3(double x, double y, double z) { return Eigen::Vector3d(x, y, z); }

/// Reduced 7 x 7 (or 7 x 10) transfer matrix of demo body `name` at angle theta and rate w.
Eigen::MatrixXd demoBodyMatrix(const Model& model, const char* name, double theta, double w) {
  const Mat3 rot = Eigen::AngleAxisd(theta, Vec3::UnitZ()).toRotationMatrix();
  return reducePlanar(bodyTransferMatrix(model.body(model.bodyByName(name)), rot, Vec3(0, 0, w), model.gravity()));
}

/// The body step of the fast solver for a free tip body (no inputs attached):
/// the relation at its output end O. With `general` the full-inertia path is
/// used even for a diagonal inertia, so both paths are exercised.
template <class D>
ArticulatedRelation<D> freeTipBodyStep(const Model& model, const Eigen::VectorXd& y, int i, bool general) {
  const CompiledBody& b = model.body(i);
  const RiccatiBodyConstants constants(b, general || RiccatiBodyConstants::needsGeneral(b) ? &b.inertiaAtOutput : nullptr);
  const BodyKinematics<D> k(constants, y.data() + D::StatePerBody * i);
  ArticulatedRelation<D> out;
  ownRelation<D>(constants, k, D::translational(model.gravity()), out);  // a free tip: nothing to add
  return out;
}

void expectNear(const Eigen::MatrixXd& actual, const Eigen::MatrixXd& expected, const char* what) {
  const double diff = (actual - expected).cwiseAbs().maxCoeff();
  if (diff > 1e-12) ::mstmm::test::info("%s: difference %g", what, diff);
  ASSERT_TRUE(diff <= 1e-12) << what;
}

}  // namespace

TEST(TransferMatrices, paperEquations38to41AtRandomStates) {
  const auto model = compile(riccatiDemo());
  Random r(38);
  for (int k = 0; k < 20; ++k) {
    const double th = r.uniform(-4, 4), w = r.uniform(-3, 3), s = std::sin(th), c = std::cos(th);
    const TransferBlocks t = partition(demoBodyMatrix(*model, "1", th, w));
    // Eq. 38.
    expectNear(t.t11, mat3({1, -2 * a * s, 2 * a * c, 0, 1, 0, 0, 0, 1}), "Eq. 38 T11");
    expectNear(t.t12, mat3({m * a * s, -m * a * c, -2 * m * a * a / 3, -m, 0, m * a * s, 0, -m, -m * a * c}), "Eq. 38 T12");
    expectNear(t.t21, Eigen::MatrixXd::Zero(3, 3), "Eq. 38 T21");
    expectNear(t.t22, mat3({1, 0, -2 * a * s, 0, 1, 2 * a * c, 0, 0, 1}), "Eq. 38 T22");
    expectNear(t.fa, vec3(-m * a * g * c, m * a * c * w * w, m * a * s * w * w - m * g), "Eq. 38 f_a");
    expectNear(t.fb, vec3(-2 * a * c * w * w, -2 * a * s * w * w, 0), "Eq. 38 f_b");
    // Eqs. 39 and 40 (Eq. 41 is the relation they define), from S_1 = O, e_1 = 0 (Eq. 34).
    const RiccatiStep step = riccatiStep(t, Eigen::MatrixXd::Zero(3, 3), Eigen::VectorXd::Zero(3));
    const Eigen::MatrixXd s2 = mat3({m * a * s, -m * a * c, 4 * m * a * a / 3, -m, 0, -m * a * s, 0, -m, m * a * c});
    const Eigen::VectorXd e2 = vec3(-m * a * g * c, -m * a * c * w * w, -m * a * s * w * w - m * g);
    expectNear(step.sNext, s2, "Eq. 39 S_2");
    expectNear(step.eNext, e2, "Eq. 40 e_2");
  }
}

TEST(TransferMatrices, fastSolverBodyStepEqualsEquations39and40) {
  // The explicit-block body step of the solver (equations.md §3.4) at the free
  // tip body 1 must give the printed S_2, e_2 as its output relation.
  const auto model = compile(riccatiDemo());
  Random r(39);
  for (int k = 0; k < 20; ++k) {
    Eigen::VectorXd y = test::randomState(*model, r);
    const int body1 = model->bodyByName("1");
    const double th = y[2 * body1], w = y[2 * body1 + 1], s = std::sin(th), c = std::cos(th);
    for (bool general : {false, true}) {
      const ArticulatedRelation<PlanarDim> d = freeTipBodyStep<PlanarDim>(*model, y, body1, general);
      expectNear(d.fullS(), mat3({m * a * s, -m * a * c, 4 * m * a * a / 3, -m, 0, -m * a * s, 0, -m, m * a * c}), "solver S_2");
      expectNear(d.fullE(), vec3(-m * a * g * c, -m * a * c * w * w, -m * a * s * w * w - m * g), "solver e_2");
    }
  }
}

TEST(TransferMatrices, paperEquation44HingeAndEquation45) {
  const auto model = compile(riccatiDemo());
  Random r(44);
  for (int k = 0; k < 20; ++k) {
    const double t3 = r.uniform(-4, 4), w3 = r.uniform(-3, 3), t5 = r.uniform(-4, 4), w5 = r.uniform(-3, 3);
    const double s3 = std::sin(t3), c3 = std::cos(t3), s5 = std::sin(t5), c5 = std::cos(t5);
    // Row 4 of body 5's reduced matrix gives the u's of Eq. 44's text.
    const Eigen::MatrixXd u5 = demoBodyMatrix(*model, "5", t5, w5);
    expectNear(u5.row(3), (Eigen::RowVectorXd(7) << m * a * s5, -m * a * c5, -2 * m * a * a / 3, 1, -2 * a * s5, 2 * a * c5, -m * a * g * c5).finished(), "u_3 of body 5");
    const TransferBlocks h = partition(literalHingeTransferMatrix(u5));
    expectNear(h.t11, Eigen::MatrixXd::Identity(3, 3), "Eq. 44 T11");
    expectNear(h.t12, Eigen::MatrixXd::Zero(3, 3), "Eq. 44 T12");
    expectNear(h.t21, mat3({0, 0, 0, 0, 0, 0, 3 / (2 * m * a * a), -3 * s5 / (m * a), 3 * c5 / (m * a)}), "Eq. 44 T21");
    expectNear(h.t22, mat3({1, 0, 0, 0, 1, 0, 3 * s5 / (2 * a), -3 * c5 / (2 * a), 0}), "Eq. 44 T22");
    expectNear(h.fa, Eigen::VectorXd::Zero(3), "Eq. 44 f_a");
    expectNear(h.fb, vec3(0, 0, -3 * g * c5 / (2 * a)), "Eq. 44 f_b");
    // Eq. 45: S_3, e_3 from body 3's S_2, e_2 through the literal hinge.
    const RiccatiStep b3 = riccatiStep(partition(demoBodyMatrix(*model, "3", t3, w3)), Eigen::MatrixXd::Zero(3, 3), Eigen::VectorXd::Zero(3));
    const RiccatiStep s = riccatiStep(h, b3.sNext, b3.eNext);
    const double den = 3 * c3 * c5 + 3 * s3 * s5 + 2;
    const Eigen::MatrixXd s3m = mat3({3 * m * a * (s3 * s3 * s5 + s3 * c3 * c5 - 2 * s5), -3 * m * a * (c3 * c3 * c5 + s3 * c3 * s5 - 2 * c5), 4 * m * a * a / 3,
                                      m / 2 * (3 * s3 * s3 + 3 * s3 * s5 - 6 * c3 * c5 - 4), -1.5 * m * s3 * (c3 + 3 * c5), -m * a * s3,
                                      -1.5 * m * c3 * (s3 + 3 * s5), m / 2 * (3 * c3 * c3 + 3 * c3 * c5 - 6 * s3 * s5 - 4), m * a * c3}) / den;
    const double f = (g * (c3 + c5) + 2 * a * w3 * w3 * (s3 * c5 - c3 * s5) + 2 * g * c5) / den;
    const Eigen::VectorXd e3 = vec3(2 * m * a * f - m * a * g * c3, -1.5 * m * s3 * f - m * a * w3 * w3 * c3, 1.5 * m * c3 * f - m * a * w3 * w3 * s3 - m * g);
    expectNear(s.sNext, s3m, "Eq. 45 S_3 (row 1 as corrected in ../shared/docs/method.md §8)");
    expectNear(s.eNext, e3, "Eq. 45 e_3");
  }
}

TEST(TransferMatrices, paperEquation49MultiInputBody) {
  const auto model = compile(riccatiDemo());
  Random r(49);
  for (int k = 0; k < 20; ++k) {
    const double t7 = r.uniform(-4, 4), w7 = r.uniform(-3, 3), s7 = std::sin(t7), c7 = std::cos(t7);
    const Eigen::MatrixXd u7 = demoBodyMatrix(*model, "7", t7, w7);
    ASSERT_SAME(u7.cols(), Eigen::Index(10));
    // u_{3,1..7} of the text below Eq. 51.
    Eigen::RowVectorXd expected(10);
    expected << 0, 0, m * a * a / 3, 1, -a * s7, a * c7, 1, a * s7, -a * c7, 0;
    expectNear(u7.row(3), expected, "Eq. 49 u_3 of body 7");
  }
}

TEST(TransferMatrices, bodyMatrixObeysNewtonAndEuler) {
  // Independent check of Eq. 8 (and Eq. 4): for random inputs z_I, the
  // output z_O = U z_I must satisfy rigid-body kinematics, Newton's law and
  // Euler's law about C, written here from scratch.
  Random r(8);
  for (int k = 0; k < 50; ++k) {
    ModelSpec spec = generateRandomTree({12, static_cast<std::uint64_t>(k), false});
    const auto model = compile(spec);
    for (const CompiledBody& b : model->bodies()) {
      const Mat3 rot = rotationFromQuaternion(randomQuaternion(r));
      const Vec3 omega(r.uniform(-2, 2), r.uniform(-2, 2), r.uniform(-2, 2));
      const Eigen::MatrixXd u = bodyTransferMatrix(b, rot, omega, model->gravity());
      Eigen::VectorXd zi = Eigen::VectorXd::Random(u.cols());
      zi[u.cols() - 1] = 1.0;
      const Eigen::VectorXd zo = u * zi;
      const Vec3 rr = zi.segment<3>(0), dw = zi.segment<3>(3), rIO = rot * b.output, rIC = rot * b.com;
      ASSERT_TRUE((zo.segment<3>(0) - (rr + dw.cross(rIO) + omega.cross(omega.cross(rIO)))).norm() < 1e-12);
      ASSERT_TRUE((zo.segment<3>(3) - dw).norm() < 1e-12);
      const Vec3 accC = rr + dw.cross(rIC) + omega.cross(omega.cross(rIC));
      Vec3 force = b.mass * model->gravity() - zo.segment<3>(9);
      const Vec3 rCO = rIO - rIC;
      Vec3 moment = zo.segment<3>(6) + rCO.cross(-zo.segment<3>(9));
      for (std::size_t kIn = 0; kIn < b.inputs.size(); ++kIn) {
        const int col = kIn == 0 ? 6 : 12 + 6 * static_cast<int>(kIn - 1);
        const Vec3 mIn = zi.segment<3>(col), qIn = zi.segment<3>(col + 3);
        force += qIn;
        moment += (rot * b.inputs[kIn] - rIC).cross(qIn) - mIn;
      }
      const Mat3 jc = rot * b.inertiaAtCom * rot.transpose();
      ASSERT_TRUE((b.mass * accC - force).norm() < 1e-10);
      ASSERT_TRUE((jc * dw + omega.cross(jc * omega) - moment).norm() < 1e-10);
    }
  }
}

TEST(TransferMatrices, spatialLeafBodyStepEqualsDenseRiccatiStep) {
  // The method derivation (../shared/docs/method.md §9): the explicit 3x3 block form equals the generic matrix form.
  Random r(29);
  for (int k = 0; k < 20; ++k) {
    ModelSpec spec = generateRandomTree({15, static_cast<std::uint64_t>(100 + k), false});
    const auto model = compile(spec);
    const Eigen::VectorXd y = test::randomState(*model, r);
    for (int i = 0; i < model->bodyCount(); ++i) {
      const CompiledBody& b = model->body(i);
      if (b.firstChild != b.lastChild || b.inputs.size() != 1) continue;  // free single-input tips only
      const Eigen::MatrixXd u = bodyTransferMatrix(b, bodyRotation(*model, y, i), bodyAngularVelocity(*model, y, i), model->gravity());
      const RiccatiStep step = riccatiStep(partition(u), Eigen::MatrixXd::Zero(6, 6), Eigen::VectorXd::Zero(6));
      for (bool general : {false, true}) {
        const ArticulatedRelation<SpatialDim> fast = freeTipBodyStep<SpatialDim>(*model, y, i, general);
        ASSERT_TRUE((fast.fullS() - step.sNext).cwiseAbs().maxCoeff() < 1e-12 * (1 + step.sNext.cwiseAbs().maxCoeff()));
        ASSERT_TRUE((fast.fullE() - step.eNext).cwiseAbs().maxCoeff() < 1e-12 * (1 + step.eNext.cwiseAbs().maxCoeff()));
      }
    }
  }
}

