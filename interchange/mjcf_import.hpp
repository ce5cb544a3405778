#pragma once
// MJCF import through MuJoCo's own compiler (docs/interchange.md): the XML
// is loaded and compiled by libmujoco, so default classes, childclass,
// geom-derived inertias and <compiler> settings come out exactly as MuJoCo
// makes them, and the compiled mjModel is read into a ModelSpec.
//
// Frames: each body's frame is MuJoCo's body frame moved to be parallel to
// the world at the model's reference configuration qpos0, so every initial
// orientation is the identity and each hinge's coordinate is MuJoCo's qpos
// less qpos0 (docs/interchange.md I2). Depends on core and libmujoco only.

#include <string>

#include "interchange/import_result.hpp"

namespace mstmm {

/// Reads an MJCF file. mstmm::Error (kind Input) with MuJoCo's message
/// (file, line, element) when it does not load, or naming what this
/// importer cannot represent at all.
ImportResult importMjcf(const std::string& path);

/// The same for a file's contents, held in MuJoCo's virtual file system;
/// `name` names it in messages (the fuzz target reads from memory). Files
/// it refers to (meshes, includes) are not found.
ImportResult importMjcfText(const std::string& xml, const std::string& name);

/// While one lives, a fatal MuJoCo error (mju_error, which would otherwise
/// end the process, the user's unsaved work with it) throws mstmm::Error
/// instead, as MuJoCo's own Python bindings do. The import holds one.
class MuJoCoErrorsThrow {
 public:
  MuJoCoErrorsThrow();
  ~MuJoCoErrorsThrow();
  MuJoCoErrorsThrow(const MuJoCoErrorsThrow&) = delete;
  MuJoCoErrorsThrow& operator=(const MuJoCoErrorsThrow&) = delete;

 private:
  [[noreturn]] static void raise(const char* message);
  void (*m_previous)(const char*);
};

}  // namespace mstmm
