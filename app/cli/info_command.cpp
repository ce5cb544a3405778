#include <iostream>

#include "app/cli/arguments.hpp"
#include "app/cli/commands.hpp"
#include "core/error.hpp"
#include "core/io/model_json.hpp"
#include "core/model/model.hpp"

namespace mstmm::cli {

int infoCommand(const std::vector<std::string>& args) {
  const Arguments a(args, {}, {});
  if (a.positional().size() != 1) throw Error(ErrorKind::Input, "info needs exactly one model file");
  const ModelSpec spec = loadModel(a.positional()[0]);
  const std::shared_ptr<const Model> model = compile(spec);
  std::cout << "model:        " << model->name() << "\n"
            << "kind:         " << toString(model->kind()) << "\n"
            << "bodies:       " << model->bodyCount() << "\n"
            << "hinges:       " << spec.hinges.size() << "\n"
            << "DOF:          " << model->degreesOfFreedom() << "\n"
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
  for (int k = 0; k < model->sliderCount(); ++k) sliders.push_back(model->hinge(model->sliderBody(k)).name);
  std::cout << "closed loops: " << cuts.size() << (cuts.empty() ? "" : " (cut at " + names(cuts) + ")") << "\n"
            << "sliders:      " << sliders.size() << (sliders.empty() ? "" : ": " + names(sliders)) << "\n";
  return 0;
}

}  // namespace mstmm::cli
