#pragma once
// Recorded time series of a run, held in memory: per frame the time and
// energies, and per recorded body its centre of mass, input end I_1, output
// end O, orientation, angular velocity, the load of its output hinge, and
// (planar) its continuous angle; per frame also every sliding hinge's slide
// and rate. A run can record a subset of the bodies and
// store single precision, to bound memory on very large systems.

#include <vector>

#include "core/dynamics/load_channels.hpp"
#include "core/dynamics/measures.hpp"
#include "core/sim/frame.hpp"

namespace mstmm {

struct RecordOptions {
  std::vector<int> bodies;       // compiled indices to record; empty: all
  bool singlePrecision = false;  // store floats (half the memory)
};

class Results final : public ResultSink {
 public:
  explicit Results(const Model& model, RecordOptions options = {});

  void record(const Frame& frame) override;

  int frameCount() const { return static_cast<int>(m_times.size()); }
  double time(int frame) const { return m_times[static_cast<std::size_t>(frame)]; }
  const std::vector<double>& times() const { return m_times; }
  Energy energy(int frame) const { return m_energy[static_cast<std::size_t>(frame)]; }
  const Momentum& momentum(int frame) const { return m_momentum[static_cast<std::size_t>(frame)]; }

  int recordedBodyCount() const { return static_cast<int>(m_bodies.size()); }
  /// Compiled index of the body in recording slot s.
  int recordedBody(int slot) const { return m_bodies[static_cast<std::size_t>(slot)]; }
  /// Recording slot of a compiled body index, or -1 when it is not recorded.
  int slotOf(int body) const { return m_slotOfBody[static_cast<std::size_t>(body)]; }

  Vec3 com(int frame, int slot) const { return vec3(frame, slot, kCom); }
  Vec3 inputEnd(int frame, int slot) const { return vec3(frame, slot, kInput); }
  Vec3 outputEnd(int frame, int slot) const { return vec3(frame, slot, kOutput); }
  Quat orientation(int frame, int slot) const;
  Vec3 angularVelocity(int frame, int slot) const { return vec3(frame, slot, kOmega); }
  Vec3 hingeForce(int frame, int slot) const { return vec3(frame, slot, kForce); }
  Vec3 hingeMoment(int frame, int slot) const { return vec3(frame, slot, kMoment); }
  /// Planar models: the continuous (unwrapped) rotation angle about z.
  double theta(int frame, int slot) const { return value(frame, slot, kTheta); }

  /// Slide s and rate s' of sliding hinge k (Model::sliderCount()), always recorded.
  int slideCount() const { return m_sliders; }
  double slide(int frame, int slider) const { return m_slides[static_cast<std::size_t>(frame * m_sliders + slider) * 2]; }
  double slideRate(int frame, int slider) const { return m_slides[static_cast<std::size_t>(frame * m_sliders + slider) * 2 + 1]; }

  /// The load elements' channels (loadChannels(model)), always recorded.
  const std::vector<LoadChannel>& loadChannels() const { return m_channels; }
  int loadFrameCount() const { return m_channels.empty() ? 0 : static_cast<int>(m_loadValues.size() / m_channels.size()); }
  double loadValue(int frame, int channel) const {
    return m_loadValues[static_cast<std::size_t>(frame) * m_channels.size() + static_cast<std::size_t>(channel)];
  }

  /// The named measures' channels (measureChannels(model)), always recorded.
  const std::vector<LoadChannel>& measureChannels() const { return m_measureChannels; }
  double measureValue(int frame, int channel) const {
    return m_measureValues[static_cast<std::size_t>(frame) * m_measureChannels.size() + static_cast<std::size_t>(channel)];
  }

  /// Where each contact's force acts and the force, world axes: the ground
  /// contacts (Model::loads().contacts; the force on the body) first, then
  /// the body contacts (the force on the second shape's body); zero when
  /// apart. For drawing them (the 3-D view's force arrows).
  int contactCount() const { return m_contacts; }
  struct ContactForce {
    Vec3 point = Vec3::Zero(), force = Vec3::Zero();
  };
  ContactForce contactForce(int frame, int contact) const {
    const double* v = &m_contactValues[(static_cast<std::size_t>(frame) * static_cast<std::size_t>(m_contacts) + static_cast<std::size_t>(contact)) * 6];
    return {Vec3(v[0], v[1], v[2]), Vec3(v[3], v[4], v[5])};
  }

  /// A model compiled for a run's inputs (live mode): the user's pull and
  /// torque at each recorded instant (AppliedLoads::PullState; zero while
  /// nothing is pulled).
  bool recordsPull() const { return m_recordsPull; }
  AppliedLoads::PullState pull(int frame) const;

  /// What the recorded values occupy: body channels, times, energies, slides, load and measure channels, contact forces.
  std::size_t bytes() const;

  /// Values recorded per body and instant: centre of mass, I_1, O (3 each),
  /// orientation (4), angular velocity, hinge force and moment (3 each), theta.
  static constexpr int kChannels = 23;

 private:
  // Channel offsets within one body's record.
  static constexpr int kCom = 0, kInput = 3, kOutput = 6, kQuat = 9, kOmega = 13, kForce = 16, kMoment = 19, kTheta = 22;

  double value(int frame, int slot, int channel) const;
  Vec3 vec3(int frame, int slot, int channel) const {
    return Vec3(value(frame, slot, channel), value(frame, slot, channel + 1), value(frame, slot, channel + 2));
  }
  void store(double v);
  void recordValues(const Frame& frame);

  std::vector<int> m_bodies;
  std::vector<int> m_slotOfBody;
  int m_contacts = 0;
  std::vector<double> m_contactValues;  // per frame and contact: point, force
  bool m_recordsPull = false;
  std::vector<double> m_pullValues;     // per frame: point, velocity, target, force, torque
  bool m_single;
  std::vector<double> m_times;
  std::vector<Energy> m_energy;
  std::vector<Momentum> m_momentum;
  std::vector<double> m_double;
  std::vector<float> m_float;
  int m_sliders = 0;
  std::vector<double> m_slides;  // per frame: s, s' of every slider
  std::vector<LoadChannel> m_channels;
  std::vector<double> m_loadValues;  // per frame: every channel
  std::vector<CompiledMeasure> m_measures;
  std::vector<LoadChannel> m_measureChannels;
  std::vector<double> m_measureValues;  // per frame: every measure channel
  std::vector<double> m_lastMeasures;   // the last frame's (angles go on from them)
  std::vector<double> m_scratch;
};

/// The instants a run of these settings records, the initial one included:
/// RK4 takes N = ceil(T / dt) steps (the last one shorter) and records every
/// k-th and the last, 1 + ceil(N / k); the adaptive method records at every
/// multiple of k dt and at T, 1 + ceil(T / (k dt)). Settings must pass
/// settingsProblems().
long long recordedFrameCount(const SimulationSettings& settings);

/// The bytes Results::bytes() will report after such a run: the frames times
/// what each holds for the recorded bodies, sliders and load channels.
double recordedBytes(const Model& model, const SimulationSettings& settings, const RecordOptions& options);

}  // namespace mstmm
