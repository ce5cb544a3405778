// compile(): the model's structure (core/model/model.cpp) and then its load
// elements. It lives at the loads' tier because it is the one step that needs
// both: the compiled loads index the compiled bodies, and the model holds
// them (core's inner order, scripts/check-layers.sh).
#include <memory>
#include <utility>

#include "core/loads/compiled_loads.hpp"
#include "core/model/model.hpp"

namespace mstmm {

namespace {

// Each joint of a spatial beam bends and twists as a beam-joint element,
// K = (GJ, EI_y, EI_z) / h, C = beta K; every piece but the root one takes
// the beam's mass-proportional damping (equations.md §11.1).
void compileBeamElements(std::vector<CompiledBeam>& beams, bool planar, CompiledLoads& loads) {
  for (CompiledBeam& beam : beams) {
    const BeamLayout& layout = beam.layout;
    const BeamSpec& b = layout.beam;
    const SectionProperties& s = layout.section;
    const double h = layout.segment();
    beam.firstJoint = static_cast<int>(loads.beamJoints.size());
    if (!planar) {
      for (int j = 0; j < b.segments; ++j) {
        CompiledBeamJoint joint;
        joint.body = beam.pieces[static_cast<std::size_t>(layout.tipPiece(j))];
        joint.parent = beam.pieces[static_cast<std::size_t>(layout.rootSidePiece(j))];
        joint.stiffness = Vec3(b.shearModulus * s.torsion, b.youngsModulus * s.iy, b.youngsModulus * s.iz) / h;
        joint.damping = b.dampingBeta * joint.stiffness;
        loads.beamJoints.push_back(joint);
      }
    }
    if (b.dampingAlpha > 0.0)
      for (std::size_t k = 0; k < beam.pieces.size(); ++k)
        if (static_cast<int>(k) != layout.rootPiece)
          loads.beamDrags.push_back({beam.pieces[k], beam.pieces[static_cast<std::size_t>(layout.rootPiece)], b.dampingAlpha});
  }
}

}  // namespace

std::shared_ptr<const Model> compile(const ModelSpec& user, const CompileOptions& options) {
  std::shared_ptr<Model> model = compileStructure(user);
  auto loads = std::make_shared<CompiledLoads>(compileLoads(model->m_spec, *model));
  loads->runInputs = options.runInputs;
  compileBeamElements(model->m_beams, model->planar(), *loads);
  for (int k : loads->cutElements) {
    const HingeElements& e = loads->hinges[static_cast<std::size_t>(k)];
    if (e.prescribed) model->m_cuts[static_cast<std::size_t>(e.cut)].drive = k;
  }
  model->m_hasLoads = !loads->empty();
  model->m_takesRunInputs = loads->runInputs;
  model->m_loads = std::move(loads);
  return model;
}

}  // namespace mstmm
