#pragma once
// What the rest of the application may do with a 3-D scene, without seeing
// VTK: the on-screen ViewWidget and the OffscreenRenderer both are scene
// handles, so exports render exactly what the view shows.

#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "core/model/model.hpp"
#include "render/floor_grid.hpp"
#include "render/scene_state.hpp"

namespace mstmm::render {

class Scene;

class SceneHandle {
 public:
  SceneHandle();
  virtual ~SceneHandle();
  SceneHandle(const SceneHandle&) = delete;
  SceneHandle& operator=(const SceneHandle&) = delete;

  /// Shows a model in its initial configuration (null: an empty view).
  void setModel(std::shared_ptr<const Model> model);
  std::shared_ptr<const Model> model() const;
  bool hasModel() const { return m_scene != nullptr; }

  /// Moves the bodies (compiled order, one state per body).
  void setStates(const std::vector<BodyState>& states);
  std::vector<BodyState> states() const;
  /// Bodies not recorded in a run's results are hidden (empty: all shown).
  void setVisibleBodies(const std::vector<char>& visible);
  void setSelection(const std::vector<int>& bodies);
  std::vector<int> selection() const { return m_selection; }
  void setTrails(const std::vector<Trail>& trails);
  std::vector<Trail> trails() const { return m_trails; }
  /// External forces as arrows (loadArrows()); empty: none.
  void setArrows(const std::vector<Trail>& arrows);
  std::vector<Trail> arrows() const { return m_arrows; }
  void setFollow(int body);
  int follow() const;

  void setCamera(const CameraState& camera);
  CameraState camera() const;
  void setPreset(CameraPreset preset);
  /// Frames the bodies for a viewport of this aspect (width / height; 0:
  /// this handle's own, viewAspect()).
  void fit(double aspect = 0.0);
  /// Frames an axis-aligned box instead of the bodies' current extent.
  void fitBox(const Vec3& lo, const Vec3& hi, double aspect = 0.0);
  /// Frames again what was last framed (the box of fitBox, else the bodies)
  /// for a viewport of another aspect: exports of another shape than the view.
  void reframe(double aspect);
  /// Width / height of what this handle draws into (1 when it has no size of its own).
  virtual double viewAspect() const { return 1.0; }
  /// Slender bodies at least this many pixels wide (the skeleton lines); 1: hairlines.
  void setMinimumThickness(double pixels);
  double minimumThickness() const { return m_minimumThickness; }
  /// Drop shadows of the bodies on the floor (on by default).
  void setShadows(bool on);
  bool shadows() const { return m_shadows; }

  /// Zooms by `factor` (> 1 comes closer) toward a pixel (origin top left,
  /// a width x height viewport): what lies on the focal plane under it stays there.
  void zoomAt(double factor, double x, double y, int width, int height);
  /// The body drawn under a pixel (origin top left, in a width x height
  /// viewport), or -1.
  int bodyAt(double x, double y, int width, int height) const;
  /// The body under a pixel and the point of it there (world), or none.
  std::optional<std::pair<int, Vec3>> bodyPointAt(double x, double y, int width, int height) const;
  /// The point under a pixel on the plane through `through` facing the camera.
  Vec3 pointOnViewPlane(double x, double y, int width, int height, const Vec3& through) const;
  /// The user's pull: a line from the grabbed point to the cursor's point; empty: none.
  void setPullLine(const std::vector<Vec3>& points);
  /// World point -> pixel (origin top left) in a width x height viewport.
  Vec3 projectToPixel(const Vec3& world, int width, int height) const;
  /// Number of glyph instances drawn (all kinds).
  std::size_t glyphCount() const;
  /// Number of mesh visuals drawn (imported models' STL and OBJ files that read).
  std::size_t meshCount() const;
  /// The floor as drawn now (it moves with the bodies); a default grid
  /// without a model.
  FloorGrid floor() const;

  /// Copies model, states, visibility, selection, trails, follow, camera and display options.
  void copySceneFrom(const SceneHandle& other);

 protected:
  Scene* scene() const { return m_scene.get(); }
  /// The scene changed: the on-screen view schedules a repaint.
  virtual void sceneChanged() {}
  /// A new scene was made: attach it to the render window.
  virtual void sceneReplaced(Scene* previous) { (void)previous; }

 private:
  std::unique_ptr<Scene> m_scene;
  std::vector<int> m_selection;
  double m_minimumThickness = 3.0;
  bool m_shadows = true;
  std::optional<std::pair<Vec3, Vec3>> m_framedBox;  // the last fitBox(); none after fit()
  std::vector<Trail> m_trails, m_arrows;
  std::vector<char> m_visible;
};

}  // namespace mstmm::render
