#pragma once
// What can be plotted over time, read straight from a run's results: body
// angles (planar theta; spatial Cardan angles, the rotation angle about a
// chosen axis, or quaternion components), angular velocities, the energies,
// the force and moment of each body's output hinge, and the slide and slide
// rate of each sliding hinge. Values are the
// recorded ones, only converted to the unit asked for.

#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "core/sim/results.hpp"

namespace mstmm {

/// Slide and SlideRate belong to the sliding hinges: one component per slider.
/// LoadElement: the channels of the load elements (core/dynamics/load_channels.hpp),
/// one component each. Energy has, with load elements, also spring, work in,
/// dissipated and the balance E - W_in + E_diss.
/// Measure: the named measures' channels (core/dynamics/measures.hpp), one
/// component each, angles in the plot's angle unit.
enum class Quantity { Angle, AngularVelocity, Energy, HingeForce, HingeMoment, Slide, SlideRate, LoadElement, Momentum, AngularMomentum, CentreOfMass, Measure };
enum class AngleRepresentation { Cardan, AxisAngle, Quaternion };

struct PlotSettings {
  AngleRepresentation representation = AngleRepresentation::Cardan;  // spatial models
  Vec3 axis = Vec3::UnitZ();  // AxisAngle: unit axis in world axes
  bool degrees = true;        // angles and angular velocities
};

/// One curve: a component of a quantity of a recorded body (body = -1 for
/// energies and slides, whose component is the slider).
struct SeriesKey {
  Quantity quantity = Quantity::Angle;
  int component = 0;
  int body = -1;  // compiled index
  bool operator==(const SeriesKey&) const = default;
};

/// The components a quantity offers in a model (e.g. planar angle: theta only).
std::vector<std::string> componentNames(Quantity quantity, const Model& model, const PlotSettings& settings);
std::string quantityName(Quantity quantity);
/// What a first plot of a new model shows: the first driving load when
/// hinges are driven (what such a run is for), the slides when every moving
/// hinge slides (angles would be flat), else the angles (all components).
struct PlotChoice {
  Quantity quantity = Quantity::Angle;
  int component = -1;  // -1: all
};
PlotChoice defaultPlot(const Model& model);
/// The unit of a quantity's values ("deg", "rad/s", "J", "N", "N m", "1").
std::string unitOf(Quantity quantity, const Model& model, const PlotSettings& settings);
/// "body 3 theta", "energy total", "hinge 4 force x".
std::string seriesName(const SeriesKey& key, const Model& model, const PlotSettings& settings);

/// The curves of one plot: component `component` (-1: all) of `quantity`
/// for each of `bodies` (compiled indices; ignored for the energies).
std::vector<SeriesKey> seriesKeys(Quantity quantity, int component, const std::vector<int>& bodies, const Model& model, const PlotSettings& settings);
/// The series to plot `y` against for a plot of one quantity against
/// another (a phase portrait: a body's angle against its angular velocity):
/// the same body's and component's series of `x`. None when the two
/// quantities do not pair (one is a body's and the other not, their
/// components differ in number, or either is a load element's).
std::optional<SeriesKey> pairedSeries(const SeriesKey& y, Quantity x, const Model& model, const PlotSettings& settings);
/// The value axis title with its unit, e.g. "Angle [deg]". Load elements
/// carry several units; the title lists those of the curves `shown` (all
/// of the model's when none are given), so one curve in N reads "[N]";
/// several curves of one kind are titled by it ("Normal force [N]").
std::string axisTitle(Quantity quantity, const Model& model, const PlotSettings& settings, const std::vector<SeriesKey>& shown = {});
/// "angle", "angular-velocity", "energy", "hinge-force", "hinge-moment", "slide", "slide-rate", "loads", "measures" (the CLI's words).
bool quantityFromKeyword(const std::string& word, Quantity& quantity);

/// The series' value at every recorded frame from `firstFrame` on. Angles
/// that wrap (Cardan yaw/roll, the angle about an axis) are unwrapped so the
/// curve stays continuous, and Cardan angles go on past pitch +-90 deg rather
/// than jump by half a turn when a body turns over; `previous` carries the
/// last value across calls when a live run is read in pieces (NaN: none).
std::vector<double> seriesValues(const Results& results, const Model& model, const SeriesKey& key, const PlotSettings& settings,
                                 int firstFrame = 0, double previous = std::numeric_limits<double>::quiet_NaN());

/// The load channels grouped by what they measure, the first level of the
/// load-element chooser: "normal force" [N] holds every contact's normal
/// force, "tension" [N] every strut's. A group holds channels of one unit
/// only (their label before " of ", and their unit, are its key), in the
/// model's channel order; groups of one channel are left out (the channel
/// itself is offered).
struct LoadGroup {
  std::string quantity;      // "normal force"
  std::string unit;          // "N"
  std::vector<int> channels;  // indices into loadChannels(model)
};
std::vector<LoadGroup> loadGroups(const Model& model);
/// The named measures as the same groups: one per measure of several
/// components (a position's x, y, z), in the model's order.
std::vector<LoadGroup> measureGroups(const Model& model);
/// The channels a quantity of channels plots (LoadElement: the load
/// channels; Measure: the measures', an angle's unit "deg" when the plot
/// shows degrees); empty for the others.
std::vector<LoadChannel> plottedChannels(Quantity quantity, const Model& model, const PlotSettings& settings);
/// Whether every load channel is in one unit, so that all of them can share
/// one plot axis (a vehicle's are not: N, m/s and m).
bool loadChannelsShareOneUnit(const Model& model);


}  // namespace mstmm
