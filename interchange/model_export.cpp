#include "interchange/model_export.hpp"

#include "core/io/model_json.hpp"
#include "interchange/export_notes.hpp"

namespace mstmm {

void noteModelLevelLosses(const ModelSpec& spec, const std::string& format, std::vector<std::string>& notes) {
  for (const BodySpec& b : spec.bodies) {
    for (const BodyLoadSpec& l : b.loads) notes.push_back("body '" + b.name + "': external load '" + l.name + "' is not written (" + format + " has no external loads)");
    if (b.angularVelocity != Vec3::Zero()) notes.push_back("body '" + b.name + "': its initial angular velocity is not written (" + format + " models start at rest)");
  }
  for (const HingeSpec& h : spec.hinges)
    if (h.slideRate != 0.0 || h.translationRate != Vec3::Zero()) notes.push_back("hinge '" + h.name + "': its initial slide rate is not written (" + format + " models start at rest)");
  for (const SpringDamperSpec& s : spec.springs) notes.push_back("spring-damper '" + s.name + "': point-to-point spring-dampers are not written");
  for (const ContactSpec& c : spec.contacts) notes.push_back("contact '" + c.name + "': contacts with the ground are not written");
  for (const BodyContactSpec& c : spec.bodyContacts) notes.push_back("body contact '" + c.name + "': contacts between bodies are not written");
}

ExportResult exportModelFile(const ModelSpec& spec, const std::string& path, InterchangeFormat format) {
  ExportResult r = format == InterchangeFormat::Urdf ? exportUrdf(spec) : exportMjcf(spec);
  writeFileAtomically(path, r.text);
  return r;
}

}  // namespace mstmm
