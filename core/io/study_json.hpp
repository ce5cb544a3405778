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

}  // namespace mstmm
