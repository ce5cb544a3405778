#pragma once
// How each body is drawn, decided once per model and free of VTK: a list of
// glyph instances per kind of geometry (cylinders, boxes, spheres), each
// fixed in its body's frame, and the line segments a click is tested
// against. The scene only moves these with the bodies every frame.
//
// Rods and cylinders lie along the body x axis with their true length
// (cylinders with their true radius; a slender rod has none, so it gets a
// thin visual one), boxes have their true edge lengths, point masses are
// spheres of steel density, a custom body is the sphere of its inertia. A
// body with visuals (imported models) is drawn by them instead: boxes,
// cylinders and spheres as glyphs, meshes as MeshInstances.
// Hinges are spheres at each body's output end O and at the tip-side end of
// each cut hinge; a sliding hinge is a carriage block along its axis, with a
// rail on its root-side body. Contact spheres and the shapes of contacts
// between bodies are drawn in the contact colour. Ends that lie off the
// shape are joined to it by thin connectors so the topology stays visible.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/model/model.hpp"

namespace mstmm::render {

struct Rgb {
  std::uint8_t r = 0, g = 0, b = 0;
  bool operator==(const Rgb&) const = default;
};

inline const Rgb kHingeColour{96, 96, 104};
inline const Rgb kSelectionColour{255, 176, 0};
// Hinges with load elements (docs/loads.md): a prescribed motion, an
// actuator, or only a spring, damper or stops.
inline const Rgb kDrivenHingeColour{214, 48, 39};
inline const Rgb kActuatedHingeColour{240, 140, 20};
inline const Rgb kSprungHingeColour{40, 120, 200};
inline const Rgb kContactColour{70, 70, 70};        // contact spheres and tyres (dark rubber)
inline const Rgb kArrowColour{0, 150, 60};  // external forces

enum class GlyphKind { Cylinder, Box, Sphere };
inline constexpr int kGlyphKinds = 3;

/// One glyph, fixed in its body's frame (origin at the input end I_1).
/// Canonical glyphs: the cylinder runs from 0 to 1 along x with radius 1,
/// the box is the unit cube centred at the origin, the sphere has radius 1.
struct GlyphInstance {
  int body = -1;                    // compiled index of the body it moves with
  Vec3 offset = Vec3::Zero();       // glyph origin in the body frame
  Quat rotation = Quat(1, 0, 0, 0); // glyph axes to body axes
  Vec3 scale = Vec3::Ones();        // per-axis scale of the canonical glyph
  bool hinge = false;               // a hinge marker (not coloured as its body)
  Rgb colour = kHingeColour;        // a hinge marker's colour, or a visual's (ownColour)
  bool ownColour = false;           // a visual with a colour of its own: drawn in it unless selected
};

/// A segment of a body's drawing, for picking (body frame).
struct PickSegment {
  int body = -1;
  Vec3 a = Vec3::Zero(), b = Vec3::Zero();
  double radius = 0.0;
};

/// A mesh file (STL, OBJ) drawn with a body (its visuals, imported models):
/// x_body = offset + rotation (scale .* x_file), in the compiled body frame.
struct MeshInstance {
  int body = -1;
  std::string file;
  Vec3 offset = Vec3::Zero();
  Quat rotation = Quat(1, 0, 0, 0);
  Vec3 scale = Vec3::Ones();
  std::optional<Rgb> colour;  // the visual's own; absent: the body's
};

struct BodyDrawing {
  std::array<std::vector<GlyphInstance>, kGlyphKinds> glyphs;
  std::vector<MeshInstance> meshes;
  std::vector<PickSegment> pickSegments;
  std::vector<Rgb> bodyColours;     // per compiled body
  double typicalBodySize = 1.0;     // median body extent (m)
};

BodyDrawing makeBodyDrawing(const Model& model);

inline const Rgb kOutlineColour{0, 150, 255};  // the rim around selected bodies
inline const Rgb kShadowColour{158, 163, 171};  // drop shadows: darker than the background and the floor grid

/// The selection outline of a glyph: the same glyph grown by `margin` on
/// every side. Drawn from behind only (front faces culled), it shows as a
/// rim of that width around the body, whatever the view direction.
GlyphInstance grownGlyph(GlyphKind kind, const GlyphInstance& glyph, double margin);
/// The rim's width for a glyph: a third of its thinnest half-extent across
/// (a rod's radius, a box's half edge), and at least 0.5 % of a typical body.
double outlineMargin(GlyphKind kind, const GlyphInstance& glyph, double typicalBodySize);

}  // namespace mstmm::render
