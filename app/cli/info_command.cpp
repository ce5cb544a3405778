#include <iostream>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "core/dynamics/loops/mobility.hpp"
#include "core/error.hpp"
#include "core/io/model_json.hpp"
#include "core/loads/compiled_loads.hpp"
#include "core/model/model.hpp"

namespace mstmm::cli {

namespace {

/// The load elements: each hinge with what it carries, drives, struts, external loads.
template <class Names>
void printLoads(const Model& model, const Names& names) {
  std::vector<std::string> hinges, drives, struts, loads;
  for (const HingeElements& e : model.loads().hinges) {
    std::string what;
    auto add = [&](bool has, const char* name) {
      if (has) what += (what.empty() ? "" : ", ") + std::string(name);
    };
    add(e.spring, "spring-damper");
    add(e.stops, "stops");
    add(e.actuator, e.actuatorKind == ActuatorKind::Servo ? "PD servo" : "actuator");
    add(e.prescribed, "prescribed motion");
    add(e.cut >= 0, "on a cut hinge");
    hinges.push_back(e.name + "' (" + what + ")");
    if (e.prescribed) drives.push_back(e.name);
  }
  for (const CompiledSpringDamper& s : model.loads().springs) struts.push_back(s.name);
  for (const CompiledBodyLoad& l : model.loads().bodyLoads) loads.push_back(l.name + "' on '" + model.body(l.body).name);
  std::string hingeText;  // names() quotes each entry; the descriptions carry their own closing quote
  for (std::size_t k = 0; k < hinges.size() && k < 20; ++k) hingeText += (k ? ", '" : "'") + hinges[k];
  if (hinges.size() > 20) hingeText += " ...";
  std::cout << "hinge loads:  " << hinges.size() << (hinges.empty() ? "" : ": " + hingeText) << "\n"
            << "drives:       " << drives.size() << (drives.empty() ? "" : ": " + names(drives)) << " (prescribed hinges, not counted in the DOF)\n"
            << "struts:       " << struts.size() << (struts.empty() ? "" : ": " + names(struts)) << "\n"
            << "body loads:   " << loads.size() << (loads.empty() ? "" : ": " + names(loads)) << "\n";
}

// The count (tree coordinates less the cuts' rows), and where the cuts
// repeat rows at the initial state (Bricard's linkage), the mobility.
std::string degreesOfFreedom(const Model& model) {
  const Mobility m = mobility(model);
  if (m.repeated == 0) return std::to_string(m.count);
  return std::to_string(m.degreesOfFreedom()) + " (the count gives " + std::to_string(m.count) + "; the cuts repeat " + std::to_string(m.repeated) +
         (m.repeated == 1 ? " constraint" : " constraints") + " at the initial state)";
}

}  // namespace

int infoCommand(const std::vector<std::string>& args) {
  const Arguments a(args, {}, {});
  if (a.positional().size() != 1) throw Error(ErrorKind::Input, "info needs exactly one model file");
  const ModelSpec spec = loadModel(a.positional()[0]);
  const std::shared_ptr<const Model> model = compile(spec);
  std::cout << "model:        " << model->name() << "\n"
            << "kind:         " << toString(model->kind()) << "\n"
            << "bodies:       " << model->bodyCount() << "\n"
            << "hinges:       " << spec.hinges.size() << "\n"
            << "DOF:          " << degreesOfFreedom(*model) << "\n"
            << "tree depth:   " << model->treeDepth() << " (hinges from the ground to the deepest body)\n"
            << "root:         " << model->body(model->root()).name << " (hinge '" << model->hinge(model->root()).name << "', "
            << toString(model->hinge(model->root()).type) << ")\n"
            << "multi-input:  " << model->multiInputBodyCount() << " bodies";
  int listed = 0;
  for (const CompiledBody& b : model->bodies()) {
    if (b.inputs.size() < 2) continue;
    if (listed == 20) {
      std::cout << " ...";
      break;
    }
    std::cout << (listed++ ? ", " : ": ") << b.name << " (" << b.inputs.size() << " inputs)";
  }
  std::cout << "\n";
  // Up to 20 quoted names, then "...".
  auto names = [](const std::vector<std::string>& list) {
    std::string text;
    for (std::size_t k = 0; k < list.size() && k < 20; ++k) text += (k ? ", '" : "'") + list[k] + "'";
    return list.size() > 20 ? text + " ..." : text;
  };
  std::vector<std::string> cuts, sliders;
  for (const CompiledCut& c : model->cuts()) cuts.push_back(c.name);
  for (int k = 0; k < model->sliderCount(); ++k)
    if (k == model->hinge(model->sliderBody(k)).slider) sliders.push_back(model->hinge(model->sliderBody(k)).name);
  std::cout << "closed loops: " << cuts.size() << (cuts.empty() ? "" : " (cut at " + names(cuts) + ")") << "\n"
            << "sliders:      " << sliders.size() << (sliders.empty() ? "" : ": " + names(sliders)) << "\n";
  if (model->hasLoads()) printLoads(*model, names);
  return 0;
}

}  // namespace mstmm::cli
