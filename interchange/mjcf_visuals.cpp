#include "interchange/mjcf_visuals.hpp"

#include <cstdlib>
#include <filesystem>
#include <functional>
#include <sstream>

#include "core/error.hpp"
#include "core/io/atomic_file.hpp"

namespace mstmm {

namespace fs = std::filesystem;

namespace {

Mat3 rotation(const mjtNum* m) {
  Mat3 r;
  r << m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8];
  return r;
}

fs::path cacheFolder() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return fs::path(xdg) / "mstmm-studio" / "meshes";
  if (const char* home = std::getenv("HOME"); home && *home) return fs::path(home) / ".cache" / "mstmm-studio" / "meshes";
  return fs::temp_directory_path() / "mstmm-studio-meshes";
}

/// Mesh `id` as MuJoCo compiled it, as a binary STL file; its path, or
/// empty when it cannot be written.
std::string compiledMeshFile(const mjModel* m, int id) {
  std::ostringstream stl(std::ios::binary);
  const std::string header = "MSTMM Studio: a mesh as MuJoCo compiled it";
  stl << header << std::string(80 - header.size(), ' ');
  const auto faces = static_cast<std::uint32_t>(m->mesh_facenum[id]);
  stl.write(reinterpret_cast<const char*>(&faces), 4);
  const float* vertices = m->mesh_vert + 3 * m->mesh_vertadr[id];
  for (std::uint32_t f = 0; f < faces; ++f) {
    const int* face = m->mesh_face + 3 * (m->mesh_faceadr[id] + static_cast<int>(f));
    float record[12] = {0, 0, 0};  // the normal: readers work it out from the winding
    for (int k = 0; k < 3; ++k)
      for (int c = 0; c < 3; ++c) record[3 + 3 * k + c] = vertices[3 * face[k] + c];
    stl.write(reinterpret_cast<const char*>(record), sizeof record);
    stl.write("\0\0", 2);
  }
  const std::string bytes = stl.str();
  std::ostringstream name;
  name << std::hex << std::hash<std::string>{}(bytes) << ".stl";
  std::error_code ec;
  const fs::path folder = cacheFolder();
  fs::create_directories(folder, ec);
  const fs::path file = folder / name.str();
  if (!fs::exists(file, ec)) {
    try {  // one write policy everywhere (a shared ".part" name raced between two imports)
      writeFileAtomically(file.string(), bytes);
    } catch (const Error&) {
      return {};  // the visual is drawn without its mesh, as when no cache folder can be made
    }
  }
  return file.string();
}

}  // namespace

std::vector<VisualSpec> geomVisuals(const mjModel* m, const mjData* d, int b, std::vector<std::string>& notes) {
  std::vector<VisualSpec> out;
  const Mat3 body = rotation(d->xmat + 9 * b);  // our frame is parallel to the world: visuals turn with the body's qpos0 orientation
  for (int g = m->body_geomadr[b]; g >= 0 && g < m->body_geomadr[b] + m->body_geomnum[b]; ++g) {
    const float* rgba = m->geom_matid[g] >= 0 ? m->mat_rgba + 4 * m->geom_matid[g] : m->geom_rgba + 4 * g;
    if (rgba[3] == 0.0f) continue;  // invisible (collision-only) geoms
    const mjtNum* size = m->geom_size + 3 * g;
    VisualSpec v;
    v.position = body * Vec3(m->geom_pos[3 * g], m->geom_pos[3 * g + 1], m->geom_pos[3 * g + 2]);
    const mjtNum* q = m->geom_quat + 4 * g;
    v.orientation = quaternionFromRotation(body * rotationFromQuaternion(Quat(q[0], q[1], q[2], q[3])));
    v.colour = Vec3(rgba[0], rgba[1], rgba[2]);
    switch (m->geom_type[g]) {
      case mjGEOM_SPHERE: v.type = VisualType::Sphere; v.radius = size[0]; break;
      case mjGEOM_ELLIPSOID: v.type = VisualType::Sphere; v.radius = (size[0] + size[1] + size[2]) / 3.0; break;
      case mjGEOM_BOX: v.type = VisualType::Box; v.size = 2.0 * Vec3(size[0], size[1], size[2]); break;
      case mjGEOM_CYLINDER: v.type = VisualType::Cylinder; v.radius = size[0]; v.length = 2.0 * size[1]; break;
      case mjGEOM_CAPSULE: {  // a cylinder and its two end spheres
        v.type = VisualType::Cylinder;
        v.radius = size[0];
        v.length = 2.0 * size[1];
        const Vec3 along = rotationFromQuaternion(v.orientation).col(2) * size[1];
        for (const double side : {-1.0, 1.0}) {
          VisualSpec end = v;
          end.type = VisualType::Sphere;
          end.position = v.position + side * along;
          out.push_back(end);
        }
        break;
      }
      case mjGEOM_MESH: {
        v.type = VisualType::Mesh;
        v.mesh = compiledMeshFile(m, m->geom_dataid[g]);
        if (v.mesh.empty()) {
          notes.push_back("a mesh of body " + std::to_string(b) + ": could not be written to " + cacheFolder().string() + "; not shown");
          continue;
        }
        break;
      }
      default: continue;  // planes (the floor) and height fields are not drawn with a body
    }
    out.push_back(v);
  }
  return out;
}

}  // namespace mstmm
