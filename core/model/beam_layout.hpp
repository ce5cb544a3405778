#pragma once
// How a beam becomes rigid pieces and elastic joints (equations.md §11.1):
// the rigid finite element division. A beam of n segments of length
// h = L/n has a joint at the middle of each segment, x_j = (j + 1/2) h,
// j = 0..n-1, and n + 1 rigid pieces between them: [0, h/2], then
// [(k - 1/2) h, (k + 1/2) h], then [L - h/2, L]. Each joint's springs are the
// flexibility of its segment under a uniform moment (EI/h, GJ/h, EA/h);
// each piece carries the mass and rotary inertia of its own span.
//
// Every piece's body frame is the beam's, so any body-frame point of the
// beam (an end, a load, a strut's end, a contact) is the same point of the
// piece that holds its station x. The piece holding the output end is the
// root of the beam's chain; the joints turn outward from it.

#include <string>
#include <vector>

#include "core/spec/model_spec.hpp"

namespace mstmm {

/// A beam as compile() laid it out, in spec terms.
struct BeamLayout {
  std::string name;            // the beam body's name
  int specBody = -1;           // its index in the user's spec
  BeamSpec beam;
  SectionProperties section;
  std::vector<std::string> pieces;  // body names along x: name[0] .. name[n]
  std::vector<std::string> joints;  // hinge names: joint j joins pieces j and j + 1
  int rootPiece = 0;           // the piece holding the output end
  /// The tip side of joint j (the piece farther from the root piece).
  int tipPiece(int j) const { return j >= rootPiece ? j + 1 : j; }
  /// The root side of joint j (the piece nearer the root piece).
  int rootSidePiece(int j) const { return j >= rootPiece ? j : j + 1; }
  double segment() const { return beam.length / beam.segments; }
  double jointStation(int j) const { return (j + 0.5) * segment(); }
};

/// Which piece holds station x (a point at a joint belongs to the piece beyond it).
int pieceAt(const BeamSpec& beam, double x);

struct BeamExpansion {
  ModelSpec spec;                 // every beam replaced by its pieces and joints
  std::vector<BeamLayout> beams;  // in the order of their bodies
};

bool hasBeams(const ModelSpec& spec);

/// The spec with every beam laid out as pieces and joints, and everything
/// attached to a beam (hinges, struts, contacts, body contacts, loads) moved
/// to the piece that holds its station. The spec must be valid.
BeamExpansion expandBeams(const ModelSpec& spec);

}  // namespace mstmm
