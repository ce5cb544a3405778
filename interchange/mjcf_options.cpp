#include "interchange/mjcf_options.hpp"

#include "core/message_text.hpp"
#include "core/model/validation.hpp"

namespace mstmm {

namespace {

std::string triple(const mjtNum* v) { return formatNumber(v[0]) + " " + formatNumber(v[1]) + " " + formatNumber(v[2]); }

/// The flags that change forces or structure we take: off in the file means
/// off here (gravity, passive forces, limits, equalities), with a note that
/// says so; the ones that only change how MuJoCo solves or senses need no
/// note; the rest are named.
void readDisableFlags(int off, ModelSpec& spec, MjcfFlags& flags, std::vector<std::string>& notes) {
  if (off & mjDSBL_GRAVITY) {
    spec.gravity = Vec3::Zero();
    notes.push_back("option: flag gravity=\"disable\": the model has no gravity");
  }
  if (off & mjDSBL_PASSIVE) {
    flags.passive = false;
    notes.push_back("option: flag passive=\"disable\": the joints' stiffness and damping are not imported");
  }
  if (off & (mjDSBL_LIMIT | mjDSBL_CONSTRAINT)) {
    flags.limits = false;
    notes.push_back("option: flag limit=\"disable\" (or constraint): the joints' ranges are not imported as stops");
  }
  if (off & (mjDSBL_EQUALITY | mjDSBL_CONSTRAINT)) {
    flags.equalities = false;
    notes.push_back("option: flag equality=\"disable\" (or constraint): the equalities are not imported as loop closures");
  }
  if (off & mjDSBL_ACTUATION) notes.push_back("option: flag actuation=\"disable\": the actuators are imported, with load 0, as always");
  if (off & mjDSBL_CLAMPCTRL) notes.push_back("option: flag clampctrl=\"disable\": the actuators' limits from ctrlrange are imported all the same");
}

void readEnableFlags(int on, std::vector<std::string>& notes) {
  if (on & mjENBL_OVERRIDE) notes.push_back("option: flag override=\"enable\" changes MuJoCo's contacts, which are not imported");
  if (on & mjENBL_SENSORNOISE) notes.push_back("option: flag sensornoise=\"enable\": sensors are not imported");
}

}  // namespace

MjcfFlags readMjcfOptions(const mjModel* m, ModelSpec& spec, std::vector<std::string>& notes) {
  const mjOption& o = m->opt;
  MjcfFlags flags;
  spec.gravity = Vec3(o.gravity[0], o.gravity[1], o.gravity[2]);
  spec.simulation.timeStep = o.timestep;
  readDisableFlags(o.disableflags, spec, flags, notes);
  readEnableFlags(o.enableflags, notes);
  // The medium's forces act on geoms' shapes (lift, drag, viscous drag):
  // not body loads here yet.
  if (o.viscosity != 0.0) notes.push_back("option: viscosity " + formatNumber(o.viscosity) + " is not taken (no drag on bodies from the medium)");
  if (o.density != 0.0) notes.push_back("option: density " + formatNumber(o.density) + " is not taken (no lift or drag on bodies from the medium)");
  if (o.wind[0] != 0.0 || o.wind[1] != 0.0 || o.wind[2] != 0.0) notes.push_back("option: wind " + triple(o.wind) + " is not taken");
  if (o.integrator != mjINT_RK4)
    notes.push_back(std::string("option: integrator ") + (o.integrator == mjINT_EULER ? "Euler" : "implicit") +
                    " is not taken; runs use RK4 (or Dormand-Prince) at the file's time step");
  return flags;
}

}  // namespace mstmm
