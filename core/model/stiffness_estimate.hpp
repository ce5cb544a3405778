#pragma once
// Which elements make a model stiff, and how fast their local vibration is
// (equations.md §5.5): what the model check names when an explicit step
// is too long for them, with the step RK4 needs and the implicit
// integrator that takes the step given. Beams have their own estimate
// (beam_step.hpp); this covers the elements on one hinge coordinate: the
// springs, stops and PD servos of one-coordinate hinges and balls. Struts
// and contacts, which act across bodies, are not estimated here: their
// stiffness meets the run's own energy check (core/sim) and
// generalized-alpha's modified Newton.

#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/spec/model_spec.hpp"

namespace mstmm {

/// One stiff element and the fastest rate of its local mode: the element's
/// stiffness k and damping c on the inertia J = M_jj its coordinate moves
/// with every other held (the tip-side subtree about the hinge), |lambda|max
/// of J x'' + c x' + k x = 0 (Eq 5.20). k / M_jj is a Rayleigh quotient of
/// the linearised system, so an undamped rate never exceeds the model's top
/// frequency: a warning from it is never a false alarm.
struct StiffElement {
  ErrorSubject subject;
  std::string element;  // "hinge 'elbow': servo"
  double stiffness = 0.0;  // N m/rad or N/m
  double damping = 0.0;    // N m s/rad or N s/m
  double inertia = 0.0;    // kg m^2 or kg
  double rate = 0.0;       // rad/s or 1/s
  bool overdamped = false; // the rate is a real root: a decay, no vibration
};

/// omega dt the model check suggests for a stiff element's own step: its
/// mode holds most of its energy (a beam's top modes hold little), and RK4
/// takes (omega dt)^6 / 72 of it a step (Eq 11.7): 9e-7 here, 3e-5 a period.
inline constexpr double kStiffStepSuggested = 0.2;

/// |lambda|max of J x'' + c x' + k x = 0: sqrt(k/J) when underdamped, the
/// fast root c/(2J) + sqrt((c/2J)^2 - k/J) when overdamped (Eq 5.20).
double localModeRate(double stiffness, double damping, double inertia);

/// Every element of the model with a rate, fastest first. Elements whose
/// inertia or coefficients are not positive and finite are left out (the
/// model check refuses those on their own).
std::vector<StiffElement> stiffElements(const ModelSpec& spec);

}  // namespace mstmm
