#pragma once
// A model at its initial state as the exporters (MJCF, URDF) write it: the
// files have no initial state of their own, so the model's initial
// configuration becomes theirs (docs/interchange.md I6). Per body its
// orientation and where its frame origin and output end O are; the
// spanning tree, parents before children; the hinges' initial coordinates.

#include <memory>
#include <string>
#include <vector>

#include "core/model/model.hpp"

namespace mstmm {

struct ExportFrames {
  std::shared_ptr<const Model> model;
  std::vector<Mat3> rotation;              // per spec body, body to world
  std::vector<Vec3> origin, output;        // per spec body, world positions of its frame origin and O
  std::vector<int> parent;                 // per spec body: its tree parent's spec index, -1 the ground
  std::vector<int> hinge;                  // per spec body: the spec index of the tree hinge at its O
  std::vector<std::vector<int>> children;  // per spec body, spec indices
  std::vector<int> roots;                  // spec bodies hanging from the ground
  std::vector<int> cuts;                   // spec indices of the hinges that close loops

  /// A_parent^T A_body at the initial state (the ground's A is I).
  Mat3 relative(int body) const;
  /// A revolute, pin or cylindrical hinge's angle about its axis at the
  /// initial state (the coordinate of docs/loads.md: 0 where the frames
  /// align; a pin's is theta_tip - theta_root).
  double initialAngle(int body) const;
  /// The unit axis of the hinge at the body's O in its parent's frame: z
  /// for a pin and for the rotation of a planar model's other hinges.
  Vec3 axisOf(int body) const;
};

/// The frames of a valid model. A planar model is written as the spatial
/// one it stands for: its bodies turned about z, its pins hinges about z.
/// mstmm::Error naming the first problem when the model has errors
/// (`format` names the file format in the message).
ExportFrames exportFrames(const ModelSpec& spec, const std::string& format);

/// Text of a number that reads back as the same double (17 digits).
std::string exactNumber(double value);
/// "x y z" of exactNumber.
std::string exactTriple(const Vec3& v);

}  // namespace mstmm
