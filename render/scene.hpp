#pragma once
// The 3-D scene of a model (VTK): bodies drawn by their shapes with their
// true dimensions, hinges as spheres, the ground as a ceiling plate, world
// axes in a corner, trails, struts as coils coloured by their load, hinges
// with motors, actuators or springs in their own colours, and the selected
// bodies highlighted.
//
// Every body is also drawn as a line skeleton (input ends to the output end)
// at least a few pixels wide (setMinimumThickness), so bodies thinner than
// that on screen - a 500 m chain of 5 cm rods seen whole - stay visible; up
// close the bodies' true shapes cover it.
//
// All glyphs of one kind (cylinders, boxes, spheres) go through one instanced
// glyph mapper whose positions, orientations and colours are rewritten in
// place every frame: one actor per kind of geometry, never one per body, so
// 100,000-DOF systems stay interactive.
//
// Only render/ sees this header's VTK types; the widgets outside render/ use
// ViewWidget and OffscreenRenderer.

#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include <vtkSmartPointer.h>

#include "core/model/model.hpp"
#include "render/body_drawing.hpp"
#include "render/floor_grid.hpp"
#include "render/scene_state.hpp"
#include "render/strut_drawing.hpp"

class vtkActor;
class vtkAxesActor;
class vtkMatrix4x4;
class vtkPolyData;
class vtkRenderer;
class vtkRenderWindow;

namespace mstmm::render {

class GlyphSet;
class MeshDrawing;
class Skeleton;

class Scene {
 public:
  explicit Scene(std::shared_ptr<const Model> model);
  ~Scene();
  Scene(const Scene&) = delete;
  Scene& operator=(const Scene&) = delete;

  const Model& model() const { return *m_model; }
  const std::shared_ptr<const Model>& sharedModel() const { return m_model; }
  vtkRenderer* renderer() const;
  /// Adds the scene's renderers (main, and the corner axes on layer 1).
  void attach(vtkRenderWindow* window);
  /// Removes them again (the window's context must be current: their GL
  /// resources are released).
  void detach(vtkRenderWindow* window);

  /// Moves every body (compiled order); the initial state until told otherwise.
  void setStates(const std::vector<BodyState>& states);
  const std::vector<BodyState>& states() const { return m_states; }
  /// Hides the bodies that are not recorded (partial results).
  void setVisibleBodies(const std::vector<char>& visible);
  void setSelection(const std::vector<int>& bodies);
  void setTrails(const std::vector<Trail>& trails);
  /// Force arrows (loadArrows()), drawn in their own colour.
  void setArrows(const std::vector<Trail>& arrows);
  /// The user's pull (issue 30.2): a line from the grabbed point to where
  /// the cursor holds it; empty: none.
  void setPullLine(const std::vector<Vec3>& points);
  /// Keeps the camera at the same offset from this body's centre of mass
  /// (kFollowSystem: the whole system's; -1: stop).
  void setFollow(int body);
  int follow() const { return m_follow; }

  void setCamera(const CameraState& camera);
  CameraState camera() const;
  /// Looks along a preset direction and frames the bodies for a viewport of
  /// that aspect (0: the aspect of the last fit).
  void setPreset(CameraPreset preset, double aspect = 0.0);
  /// The default view: front-on for planar models, isometric for spatial ones.
  void setDefaultView();
  /// Frames all bodies, keeping the view direction, for a viewport of the
  /// given width / height.
  void fit(double aspect);
  void fit() { fit(m_aspect); }
  /// Frames an axis-aligned box (e.g. everything a run's bodies sweep):
  /// as close as the box's extent across and up the view allows in a
  /// viewport of that aspect (not its bounding sphere, which leaves a tall
  /// chain a sliver in a wide view).
  void fitBox(const Vec3& lo, const Vec3& hi, double aspect);
  /// Draws each body's skeleton line at least this many pixels wide, so that
  /// slender bodies stay visible however far away (1: a hairline).
  void setMinimumThickness(double pixels);
  /// Drop shadows on the floor, as cast by a light straight overhead: where
  /// each body is across the floor, and how high (by its distance to its
  /// shadow). Planar projections of the bodies' own glyphs and lines.
  void setShadows(bool on);
  bool shadows() const { return m_shadowsOn; }
  /// Orbit (degrees about the view up and the horizontal), pan (fractions
  /// of the view height), zoom (factor > 1 comes closer).
  void orbit(double azimuth, double elevation);
  void pan(double dx, double dy);
  void zoom(double factor);
  /// Zoom toward a pixel (origin bottom left, a width x height viewport):
  /// the point of the focal plane under it stays under it.
  void zoomAt(double factor, double x, double y, int width, int height);

  /// The body whose drawing passes nearest to a display point (VTK display
  /// coordinates, origin at the bottom left), within `tolerance` pixels; -1 if none.
  int pick(double x, double y, int width, int height, double tolerance = 6.0) const;
  /// The same, with the point of the body's drawn axis nearest the pixel
  /// (world): where a pull grabs it.
  std::optional<std::pair<int, Vec3>> pickPoint(double x, double y, int width, int height, double tolerance = 6.0) const;
  /// The point under a display pixel on the plane through `through` facing
  /// the camera: where the cursor holds a grabbed point.
  Vec3 pointOnViewPlane(double x, double y, int width, int height, const Vec3& through) const;
  /// World position -> display pixel (origin bottom left) for a viewport size.
  Vec3 project(const Vec3& world, int width, int height) const;
  /// Before each render: follows the followed body, points the corner axes
  /// the way the main camera looks, and keeps the clipping range right.
  void prepareRender();

  Vec3 centreOfMass(int body) const;
  /// Of the bodies drawn (all, when none has mass).
  Vec3 systemCentreOfMass() const;
  /// The floor as drawn now: it moves with the bodies (floorUnder()).
  const FloorGrid& floor() const { return m_floor; }
  Vec3 worldPoint(int body, const Vec3& bodyPoint) const;
  const BodyDrawing& drawing() const { return m_drawing; }
  std::size_t glyphCount() const;
  /// Mesh visuals drawn (those whose files read).
  std::size_t meshCount() const;

 private:
  void buildGlyphs();
  void buildGround(const FloorGrid& floor);
  void recolour();
  void updateGlyphs();
  void keepFloorUnderBodies();
  Vec3 followedPoint() const;

  std::shared_ptr<const Model> m_model;
  BodyDrawing m_drawing;
  vtkSmartPointer<vtkRenderer> m_renderer, m_axesRenderer;
  /// Over the scene with the same camera: the force arrows, never hidden
  /// inside the bodies they push (Newton's cradle's impacts act between
  /// the balls, along the line of their centres).
  vtkSmartPointer<vtkRenderer> m_overlayRenderer;
  vtkSmartPointer<vtkAxesActor> m_axes;
  vtkSmartPointer<vtkPolyData> m_trails;
  vtkSmartPointer<vtkActor> m_trailActor;
  vtkSmartPointer<vtkPolyData> m_arrows;
  vtkSmartPointer<vtkActor> m_arrowActor;
  vtkSmartPointer<vtkPolyData> m_pull;
  vtkSmartPointer<vtkActor> m_pullActor;
  std::vector<std::unique_ptr<GlyphSet>> m_sets;
  std::unique_ptr<MeshDrawing> m_meshes;
  std::unique_ptr<Skeleton> m_skeleton;
  std::unique_ptr<StrutDrawing> m_struts;
  vtkSmartPointer<vtkMatrix4x4> m_shadowProjection;  // onto the floor (floor_grid.hpp)
  FloorGrid m_floor;
  vtkSmartPointer<vtkPolyData> m_floorLines, m_groundTrace;
  std::vector<vtkActor*> m_shadows;                   // owned by the glyph sets and the skeleton
  bool m_shadowsOn = true;
  std::vector<BodyState> m_states;
  std::vector<Mat3> m_rotations;
  std::vector<char> m_selected, m_visible;
  int m_follow = -1;
  double m_aspect = 1.0;  // of the last fit: presets frame for it again
  Vec3 m_followLast = Vec3::Zero();
};

}  // namespace mstmm::render
