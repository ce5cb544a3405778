#pragma once
// Functions of time that drive actuators, prescribed hinges and external
// loads (docs/model-format.md, "Time functions"): constant, smooth step,
// ramp, sine and tables. A prescribed hinge needs the value and its first two
// derivatives, so every kind gives all three; a table that drives a motion is
// interpolated by a natural cubic spline (continuous acceleration), one that
// gives a load may be piecewise linear.

#include <string>
#include <utility>
#include <vector>

namespace mstmm {

/// SpinUp: from rest to the constant rate `slope` over `duration` along the
/// smooth law of Kane, Ryan and Banerjee (rate and acceleration continuous;
/// the classic spin-up of a flexible beam), then on at that rate.
enum class TimeFunctionKind { Constant, Step, Ramp, Sine, Table, SpinUp };

/// The editable description, as the model file stores it. Units are those of
/// the quantity it drives (N, N m, rad, m) and seconds.
struct TimeFunction {
  TimeFunctionKind kind = TimeFunctionKind::Constant;
  double value = 0.0;      // constant: the value; step: the value before; ramp, sine: the offset
  double to = 0.0;         // step: the value after
  double start = 0.0;      // step, ramp, spin-up: when the change begins [s]
  double duration = 0.0;   // step: rise time [s] (quintic blend), 0: a jump; spin-up: the time to reach the rate [s]
  double slope = 0.0;      // ramp, spin-up: rate after the start (spin-up: after the duration) [unit/s]
  double amplitude = 0.0;  // sine
  double frequency = 0.0;  // sine [Hz]
  double phase = 0.0;      // sine [rad]
  std::vector<std::pair<double, double>> points;  // table: (t, value), t strictly increasing
  bool smooth = false;     // table: natural cubic spline instead of straight segments

  bool operator==(const TimeFunction&) const = default;

  static TimeFunction constant(double v) {
    TimeFunction f;
    f.value = v;
    return f;
  }
  bool isZero() const { return kind == TimeFunctionKind::Constant && value == 0.0; }
};

const char* toString(TimeFunctionKind kind);

/// Value and first two time derivatives at one instant.
struct TimeSample {
  double value = 0.0;
  double rate = 0.0;
  double acceleration = 0.0;
};

/// A checked function ready to evaluate: tables have their spline moments
/// precomputed, so evaluate() allocates nothing.
class TimeCurve {
 public:
  TimeCurve() = default;
  explicit TimeCurve(const TimeFunction& f);
  TimeSample evaluate(double t) const;
  double value(double t) const { return evaluate(t).value; }

 private:
  TimeSample table(double t) const;

  TimeFunction m_f;
  std::vector<double> m_moments;  // spline: second derivatives at the table points
};

/// What is wrong with a function for the given use, or an empty string.
/// `motion`: it prescribes a coordinate, so its acceleration must exist
/// everywhere (no jumps in value or rate after t = 0).
std::string checkTimeFunction(const TimeFunction& f, bool motion);

/// A load-versus-deflection characteristic (a nonlinear spring, a bump stop):
/// straight segments between the points, continued with the end segments'
/// slopes; energy() is the exact integral of load from 0 to x.
class Characteristic {
 public:
  Characteristic() = default;
  explicit Characteristic(std::vector<std::pair<double, double>> points);
  bool empty() const { return m_points.empty(); }
  double load(double x) const;
  double slope(double x) const;
  double energy(double x) const { return integral(x) - m_integralAtZero; }

 private:
  int segment(double x) const;
  double integral(double x) const;  // from the first point to x

  std::vector<std::pair<double, double>> m_points;
  std::vector<double> m_cumulative;  // integral from the first point to each point
  double m_integralAtZero = 0.0;
};

/// What is wrong with a characteristic's points, or an empty string.
std::string checkCharacteristic(const std::vector<std::pair<double, double>>& points);

}  // namespace mstmm
