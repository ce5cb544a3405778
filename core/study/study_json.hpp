#pragma once
// Study files (docs/studies.md) and the addresses of their parameters: a
// value put into a model file's field, the element found by name
// ("hinge:h1/spring/damping"), so any number the model format holds can be
// varied. Errors name the study key or the address and what is wrong.

#include <string>
#include <vector>

#include "core/study/study_spec.hpp"

namespace mstmm {

/// Reads a study file; the base model is loaded relative to the study's folder.
StudySpec loadStudy(const std::string& path);
StudySpec studyFromJson(const std::string& text, const std::string& baseDir);

/// The model with the number at `address` replaced by `value`; the address
/// must name an existing numeric field. mstmm::Error (Input) otherwise.
ModelSpec withParameter(const ModelSpec& model, const std::string& address, double value);
/// Several at once (one JSON round trip): addresses[k] gets values[k].
ModelSpec withParameters(const ModelSpec& model, const std::vector<std::string>& addresses, const std::vector<double>& values);

/// A number of the model a study can vary, as a chooser offers it.
struct StudyAddress {
  std::string address;  // "hinge:h1/spring/damping"
  std::string label;    // "hinge 'h1': spring/damping"
  std::string unit;     // SI, as the model file holds it: "N m s/rad"
  double value = 0.0;   // the model's own
};

/// The physical numbers of a model that studies vary most (gravity, the
/// end time and time step; the bodies' masses, lengths and radii, beams'
/// moduli and density; the hinges' springs, stops and servo gains; the
/// struts' and contacts' stiffness, damping and friction), for choosers:
/// every address is one withParameter() takes. At most `limit` entries, in
/// the model's order.
std::vector<StudyAddress> studyAddresses(const ModelSpec& model, std::size_t limit = 400);

}  // namespace mstmm
