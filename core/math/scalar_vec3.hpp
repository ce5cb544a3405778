#pragma once
// Small vectors held as scalars, for the hand-written kernels of the sweep
// (core/dynamics/riccati/ball_kernels.hpp) and of the load elements they
// call (core/loads/ball_hinge_law.hpp): a 3-vector of three scalars, and
// four doubles in one 256-bit register so that the same code computes one
// body or four.

#include <cmath>

#include "core/math/rotation.hpp"

namespace mstmm {

/// Four doubles in one 256-bit register (GCC's and Clang's vector
/// extension): four bodies' values at once, each lane doing exactly the
/// scalar operations of one body.
using Packed4 = double __attribute__((vector_size(32)));

/// Per lane: a where `pick` holds, else b (for double, a plain choice).
inline double select(bool pick, double a, double b) { return pick ? a : b; }
template <class M>
inline Packed4 select(M pick, const Packed4& a, const Packed4& b) { return pick ? a : b; }

/// Per lane: the square root, correctly rounded as std::sqrt's (IEEE 754),
/// so each lane equals the scalar one to the bit. One vsqrtpd where AVX is
/// there: lane by lane, std::sqrt's check for a negative argument (errno)
/// took eight instructions a lane (callgrind).
inline double squareRoot(double x) { return std::sqrt(x); }
inline Packed4 squareRoot(Packed4 x) {
#if defined(__AVX__)
  return __builtin_ia32_sqrtpd256(x);
#else
  for (int k = 0; k < 4; ++k) x[k] = std::sqrt(x[k]);
  return x;
#endif
}

/// A 3-vector held as three scalars, with scalar arithmetic. Why not Vec3:
/// a Vec3 built from scalars is stored element by element, and Eigen's
/// vectorised + and - then read its first two elements as one 16-byte
/// packet, which waits for both 8-byte stores to retire (a store-forwarding
/// stall, about 15 cycles). perf annotate put about 30 % of the fused forward
/// step's samples on such loads; as three scalars the values stay in registers.
/// T is double, or Packed4: four bodies' values at once.
template <class T>
struct Vec3Of {
  T x, y, z;
};
using V3 = Vec3Of<double>;
inline V3 v3(const Vec3& v) { return {v.x(), v.y(), v.z()}; }
inline void store(const V3& v, Vec3& out) { out.x() = v.x, out.y() = v.y, out.z() = v.z; }
template <class T>
inline Vec3Of<T> operator+(const Vec3Of<T>& a, const Vec3Of<T>& b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
template <class T>
inline Vec3Of<T> operator-(const Vec3Of<T>& a, const Vec3Of<T>& b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
template <class T>
inline Vec3Of<T> operator*(const T& s, const Vec3Of<T>& a) { return {s * a.x, s * a.y, s * a.z}; }
template <class T>
inline Vec3Of<T>& operator+=(Vec3Of<T>& a, const Vec3Of<T>& b) { return a = a + b; }
template <class T>
inline Vec3Of<T> cross(const Vec3Of<T>& a, const Vec3Of<T>& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
/// Omega~ Omega~ r = Omega (Omega . r) - r |Omega|^2 (SpatialDim::centripetal).
template <class T>
inline Vec3Of<T> centripetal(const Vec3Of<T>& w, const Vec3Of<T>& r) {
  const T wr = w.x * r.x + w.y * r.y + w.z * r.z;
  const T ww = w.x * w.x + w.y * w.y + w.z * w.z;
  return {w.x * wr - r.x * ww, w.y * wr - r.y * ww, w.z * wr - r.z * ww};
}
}  // namespace mstmm
