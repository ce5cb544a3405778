#include "core/sim/results.hpp"

#include <algorithm>
#include <cmath>
#include "core/loads/compiled_loads.hpp"

namespace mstmm {

Results::Results(const Model& model, RecordOptions options) : m_single(options.singlePrecision), m_sliders(model.sliderCount()) {
  m_slotOfBody.assign(static_cast<std::size_t>(model.bodyCount()), -1);
  if (options.bodies.empty())
    for (int i = 0; i < model.bodyCount(); ++i) options.bodies.push_back(i);
  m_bodies = std::move(options.bodies);
  for (std::size_t s = 0; s < m_bodies.size(); ++s) m_slotOfBody[static_cast<std::size_t>(m_bodies[s])] = static_cast<int>(s);
  m_channels = mstmm::loadChannels(model);
  m_measures = compileMeasures(model);
  m_measureChannels = mstmm::measureChannels(model);
  m_contacts = static_cast<int>(model.loads().contacts.size() + model.loads().bodyContacts.size());
  m_recordsPull = model.takesRunInputs();
}

void Results::store(double v) {
  if (m_single) m_float.push_back(static_cast<float>(v));
  else m_double.push_back(v);
}

// All or nothing: memory running out part way (std::bad_alloc, which the
// caller reports) must not leave a frame counted whose values are missing,
// so the other records are cut back and the time, which counts the frames,
// goes in last.
void Results::record(const Frame& frame) {
  const std::size_t sizes[] = {m_energy.size(), m_momentum.size(), m_double.size(), m_float.size(), m_slides.size(), m_loadValues.size(), m_contactValues.size(), m_pullValues.size(), m_measureValues.size()};
  try {
    recordValues(frame);
    m_times.push_back(frame.time);
  } catch (...) {
    m_energy.resize(sizes[0]);
    m_momentum.resize(sizes[1]);
    m_double.resize(sizes[2]);
    m_float.resize(sizes[3]);
    m_slides.resize(sizes[4]);
    m_loadValues.resize(sizes[5]);
    m_contactValues.resize(sizes[6]);
    m_pullValues.resize(sizes[7]);
    m_measureValues.resize(sizes[8]);
    throw;
  }
}

void Results::recordValues(const Frame& frame) {
  m_energy.push_back(frame.energy);
  m_momentum.push_back(frame.momentum);
  const Model& model = *frame.model;
  for (int body : m_bodies) {
    const auto b = static_cast<std::size_t>(body);
    const BodyPose& p = (*frame.poses)[b];
    const Quat q = bodyQuaternion(model, *frame.y, body);
    const double theta = model.planar() ? (*frame.y)[2 * body] : 0.0;
    for (const Vec3* v : {&p.com, &p.input, &p.output})
      for (int k = 0; k < 3; ++k) store((*v)[k]);
    for (int k = 0; k < 4; ++k) store(q[k]);
    for (const Vec3* v : {&p.omega, &frame.out->hingeForce[b], &frame.out->hingeMoment[b]})
      for (int k = 0; k < 3; ++k) store((*v)[k]);
    store(theta);
  }
  for (int k = 0; k < m_sliders; ++k) {
    m_slides.push_back(slidePosition(model, *frame.y, k));
    m_slides.push_back(mstmm::slideRate(model, *frame.y, k));
  }
  if (!m_measures.empty()) {
    measureValues(model, m_measures, *frame.poses, *frame.out, m_lastMeasures);
    m_measureValues.insert(m_measureValues.end(), m_lastMeasures.begin(), m_lastMeasures.end());
  }
  if (frame.loads) {
    loadChannelValues(model, *frame.loads, *frame.out, *frame.y, *frame.poses, m_scratch);
    m_loadValues.insert(m_loadValues.end(), m_scratch.begin(), m_scratch.end());
    for (const auto* states : {&frame.loads->contacts(), &frame.loads->bodyContacts()})
      for (const ContactState& c : *states)
        for (const Vec3* v : {&c.point, &c.force}) m_contactValues.insert(m_contactValues.end(), v->data(), v->data() + 3);
    if (m_recordsPull) {
      const AppliedLoads::PullState& p = frame.loads->pull();
      for (const Vec3* v : {&p.point, &p.velocity, &p.target, &p.force, &p.torque}) m_pullValues.insert(m_pullValues.end(), v->data(), v->data() + 3);
    }
  }
}

AppliedLoads::PullState Results::pull(int frame) const {
  const double* v = &m_pullValues.at(static_cast<std::size_t>(frame) * 15);
  AppliedLoads::PullState p{Vec3(v[0], v[1], v[2]), Vec3(v[3], v[4], v[5]), Vec3(v[6], v[7], v[8]), Vec3(v[9], v[10], v[11]), Vec3(v[12], v[13], v[14])};
  return p;  // its power is a load channel (pull.power)
}

double Results::value(int frame, int slot, int channel) const {
  const std::size_t i = (static_cast<std::size_t>(frame) * m_bodies.size() + static_cast<std::size_t>(slot)) * kChannels + static_cast<std::size_t>(channel);
  return m_single ? static_cast<double>(m_float[i]) : m_double[i];
}

Quat Results::orientation(int frame, int slot) const {
  return Quat(value(frame, slot, kQuat), value(frame, slot, kQuat + 1), value(frame, slot, kQuat + 2), value(frame, slot, kQuat + 3));
}

std::size_t Results::bytes() const {
  return m_double.size() * sizeof(double) + m_float.size() * sizeof(float) + m_times.size() * sizeof(double) + m_energy.size() * sizeof(Energy) + m_momentum.size() * sizeof(Momentum) +
         m_slides.size() * sizeof(double) + m_loadValues.size() * sizeof(double) + m_contactValues.size() * sizeof(double) +
         m_pullValues.size() * sizeof(double) + m_measureValues.size() * sizeof(double);
}

namespace {

/// How many intervals of `step` reach `end`, as the run loop counts them:
/// it stops once min(n step, end) >= end (1 - 1e-12).
long long intervalsTo(double end, double step) {
  const double goal = end * (1.0 - 1e-12);
  auto n = static_cast<long long>(std::ceil(goal / step));
  while (n > 1 && std::min(static_cast<double>(n - 1) * step, end) >= goal) --n;
  while (std::min(static_cast<double>(n) * step, end) < goal) ++n;
  return n;
}

}  // namespace

long long recordedFrameCount(const SimulationSettings& s) {
  const long long k = s.outputEvery;
  if (isAdaptive(s.integrator)) return 1 + intervalsTo(s.endTime, s.timeStep * static_cast<double>(k));
  const long long steps = intervalsTo(s.endTime, s.timeStep);
  return 1 + (steps + k - 1) / k;
}

double recordedBytes(const Model& model, const SimulationSettings& settings, const RecordOptions& options) {
  const double bodies = options.bodies.empty() ? model.bodyCount() : static_cast<double>(options.bodies.size());
  const double perFrame = bodies * Results::kChannels * (options.singlePrecision ? sizeof(float) : sizeof(double)) + sizeof(double) +
                          sizeof(Energy) + sizeof(Momentum) + 2.0 * model.sliderCount() * sizeof(double) +
                          static_cast<double>(loadChannels(model).size() + measureChannels(model).size()) * sizeof(double) +
                          6.0 * static_cast<double>(model.loads().contacts.size() + model.loads().bodyContacts.size()) * sizeof(double) +
                          (model.takesRunInputs() ? 15.0 * sizeof(double) : 0.0);
  return static_cast<double>(recordedFrameCount(settings)) * perFrame;
}

}  // namespace mstmm
