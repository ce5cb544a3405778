// How the 3-D view looks beyond where things are (issue 13.3, 13.6): the
// selected bodies carry a rim in the outline colour as wide as the outline
// geometry says, bodies cast drop shadows onto the floor straight below
// them (checked against the vertical projection worked out here, not the
// scene's matrix), and a 33,334-body system is whole when fitted while its
// bodies can be told apart by colour when zoomed in. Images go to
// build/artifacts/ to be looked at.

#include <QApplication>
#include <QtTest>
#include <cmath>

#include "core/generate/generators.hpp"
#include "core/model/model.hpp"
#include "render/body_drawing.hpp"
#include "render/floor_grid.hpp"
#include "render/offscreen_renderer.hpp"
#include "render/result_states.hpp"
#include "tests/render/render_support.hpp"

using namespace mstmm;
using namespace mstmm::render;
using namespace mstmm::render::testing;

namespace {

int colourDistance(QRgb c, const Rgb& rgb) { return std::abs(qRed(c) - rgb.r) + std::abs(qGreen(c) - rgb.g) + std::abs(qBlue(c) - rgb.b); }
/// The outline's blue, or its blend with the background at the rim's edge.
bool isOutline(QRgb c) { return qBlue(c) > 180 && qBlue(c) > qRed(c) + 60; }

/// Whether a pixel within `radius` of (x, y) has about the shadow's colour.
bool shadowNear(const QImage& image, const QPointF& at, int radius) {
  for (int dy = -radius; dy <= radius; ++dy)
    for (int dx = -radius; dx <= radius; ++dx) {
      const int x = static_cast<int>(std::lround(at.x())) + dx, y = static_cast<int>(std::lround(at.y())) + dy;
      if (x >= 0 && y >= 0 && x < image.width() && y < image.height() && colourDistance(image.pixel(x, y), kShadowColour) < 30) return true;
    }
  return false;
}

/// Hue in degrees (0..360) of a colour.
double hueOf(double r, double g, double b) {
  const double hi = std::max({r, g, b}), lo = std::min({r, g, b}), c = hi - lo;
  if (c <= 0) return 0;
  double h = hi == r ? std::fmod((g - b) / c, 6.0) : hi == g ? (b - r) / c + 2 : (r - g) / c + 4;
  return std::fmod(60.0 * h + 360.0, 360.0);
}
double hueGap(double a, double b) { return std::min(std::abs(a - b), 360.0 - std::abs(a - b)); }

Vec3 bodyMidpoint(const Model& model, const std::vector<BodyState>& states, int i) {
  const BodyState& s = states[static_cast<std::size_t>(i)];
  return s.input + 0.5 * (rotationFromQuaternion(s.orientation) * model.body(i).output);
}

}  // namespace

class TestViewLook : public QObject {
  Q_OBJECT

 private slots:
  // A selected rod has a rim of the outline colour above and below it; an
  // unselected one none. Seen close, the rim is as wide as outlineMargin()
  // puts it (a third of the rod's drawn radius) through the pinhole camera.
  void selectedBodiesHaveARimAsWideAsTheOutline() {
    OffscreenRenderer renderer;
    renderer.setModel(horizontalRod());
    renderer.setShadows(false);
    renderer.setCamera(fixedCamera());
    auto outlinePixels = [](const QImage& image) {
      int n = 0;
      for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) n += isOutline(image.pixel(x, y)) && !isSelectionOrange(image.pixel(x, y));
      return n;
    };
    const QImage plain = renderer.render(kWidth, kHeight);
    renderer.setSelection({0});
    const QImage far = renderer.render(kWidth, kHeight);
    saveArtefact(far, "look-outline-far.png");
    checkRodPixels(far);  // the rod itself is where it was
    // Down the column through the rod's middle: the rod's rows, then the
    // three rows on either side, which the rim fills only when selected.
    const int column = static_cast<int>(expectedPixel(Vec3(-0.5, 0, 0)).x());
    int top = -1, bottom = -1;
    for (int y = 0; y < kHeight; ++y)
      if (isSelectionOrange(far.pixel(column, y))) bottom = y, top = top < 0 ? y : top;
    QVERIFY(top > 3);
    auto rimBeside = [&](const QImage& image) {
      int above = 0, below = 0;
      for (int d = 1; d <= 3; ++d) above += isOutline(image.pixel(column, top - d)), below += isOutline(image.pixel(column, bottom + d));
      return std::make_pair(above, below);
    };
    const auto [plainAbove, plainBelow] = rimBeside(plain);
    const auto [above, below] = rimBeside(far);
    qInfo("selected rod at 5 m: rim rows above %d, below %d (unselected %d, %d); %d outline pixels in all", above, below, plainAbove,
          plainBelow, outlinePixels(far));
    QVERIFY(above >= 1 && below >= 1);
    QCOMPARE(plainAbove + plainBelow, 0);
    QVERIFY(outlinePixels(far) > 150);  // above and below along its 112 px
    // Close up: 0.8 m from the rod's middle the rim is the grown glyph's.
    CameraState close = fixedCamera();
    const double distance = 0.8;
    close.position = close.focalPoint + Vec3(0, 0, distance);
    renderer.setCamera(close);
    const QImage near = renderer.render(kWidth, kHeight);
    saveArtefact(near, "look-outline-near.png");
    const double pixelsPerMetre = 0.5 * kHeight / (distance * std::tan(0.5 * kViewAngle * M_PI / 180.0));
    const BodyDrawing drawing = makeBodyDrawing(*horizontalRod());
    const GlyphInstance& rod = drawing.glyphs[static_cast<int>(GlyphKind::Cylinder)].front();
    const double expected = outlineMargin(GlyphKind::Cylinder, rod, drawing.typicalBodySize) * pixelsPerMetre;
    // The rod is what lies between its two rims (its shaded edges are no longer orange).
    int rim = 0, firstRim = -1, lastRim = -1, innerTop = -1, innerBottom = -1;
    for (int y = 0; y < kHeight; ++y)
      if (isOutline(near.pixel(kWidth / 2, y))) {
        ++rim;
        if (lastRim >= 0 && y > lastRim + 1) innerTop = lastRim, innerBottom = y;  // the gap is the rod
        firstRim = firstRim < 0 ? y : firstRim, lastRim = y;
      }
    const int inside = innerBottom - innerTop - 1;
    qInfo("close up: rod %d px across (expected %.1f), rim %d px above and below together, outlineMargin() gives 2 x %.2f px", inside,
          2 * rod.scale.y() * pixelsPerMetre, rim, expected);
    QVERIFY(std::abs(inside - 2 * rod.scale.y() * pixelsPerMetre) <= 3.0);
    QVERIFY(std::abs(rim - 2 * expected) <= 3.0);
  }

  // A spatial chain seen from above at an angle: the floor straight below
  // each body's middle (p minus its height above the floor along up) is
  // shadow-coloured with shadows on, and not with them off.
  void shadowsLieOnTheFloorStraightBelowTheBodies() {
    ChainOptions o;
    o.bodies = 5;
    const auto model = compile(generateChain(o));
    const BodyDrawing drawing = makeBodyDrawing(*model);
    const FloorGrid floor = floorGridFor(*model, drawing.typicalBodySize);
    const std::vector<BodyState> states = initialBodyStates(*model);
    OffscreenRenderer renderer;
    renderer.setModel(model);
    renderer.setPreset(CameraPreset::Isometric);
    Vec3 lo = Vec3::Constant(1e9), hi = Vec3::Constant(-1e9);
    std::vector<Vec3> below;
    for (int i = 0; i < model->bodyCount(); ++i) {
      const Vec3 p = bodyMidpoint(*model, states, i);
      below.push_back(p - (p - floor.centre).dot(floor.up) * floor.up);
      for (const Vec3& q : {p, below.back()}) lo = lo.cwiseMin(q), hi = hi.cwiseMax(q);
    }
    renderer.fitBox(lo, hi, 4.0 / 3.0);
    const QImage with = renderer.render(400, 300);
    renderer.setShadows(false);
    const QImage without = renderer.render(400, 300);
    saveArtefact(with, "look-shadows-on.png");
    saveArtefact(without, "look-shadows-off.png");
    int shaded = 0, falsely = 0;
    for (const Vec3& f : below) {
      const Vec3 px = renderer.projectToPixel(f, 400, 300);
      shaded += shadowNear(with, QPointF(px.x(), px.y()), 1);
      falsely += shadowNear(without, QPointF(px.x(), px.y()), 1);
    }
    int changed = 0;
    for (int y = 0; y < 300; ++y)
      for (int x = 0; x < 400; ++x) changed += with.pixel(x, y) != without.pixel(x, y);
    qInfo("shadow below %d of %d body middles (%d without shadows); %d pixels differ", shaded, model->bodyCount(), falsely, changed);
    QVERIFY(shaded >= model->bodyCount() - 1);  // one may hide behind a body
    QCOMPARE(falsely, 0);
    QVERIFY(changed > 200);
  }

  // Issue 13.3: the 100,002-DOF example (33,334 spatial bodies) in the
  // studio's view at 1280 x 800 (658 x 307): fitted, every body end lies in
  // the view and the drawing spans most of its height; framed on ten
  // consecutive bodies of the long chain, each shows its own colour at its
  // middle, and neighbours' colours differ.
  void aLargeSystemIsWholeFittedAndItsBodiesDistinctZoomed() {
    const auto model = compile(generateBranch({33334, false}));
    const BodyDrawing drawing = makeBodyDrawing(*model);
    const std::vector<BodyState> states = initialBodyStates(*model);
    constexpr int w = 658, h = 307;
    OffscreenRenderer renderer;
    renderer.setModel(model);
    renderer.setPreset(CameraPreset::Isometric);
    renderer.fit(static_cast<double>(w) / h);
    int outside = 0;
    for (int i = 0; i < model->bodyCount(); ++i)
      for (const Vec3& p : {states[static_cast<std::size_t>(i)].input, Vec3(2 * bodyMidpoint(*model, states, i) - states[static_cast<std::size_t>(i)].input)}) {
        const Vec3 px = renderer.projectToPixel(p, w, h);
        outside += px.x() < 0 || px.x() >= w || px.y() < 0 || px.y() >= h;
      }
    const QImage whole = renderer.render(w, h);
    saveArtefact(whole, "look-branch-33334-fitted.png");
    // The bodies' colours are saturated; background, floor and shadows are greys.
    int top = h, bottom = -1;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const QRgb c = whole.pixel(x, y);
        if (std::max({qRed(c), qGreen(c), qBlue(c)}) - std::min({qRed(c), qGreen(c), qBlue(c)}) > 40 && !(x < 110 && y > h - 65))
          top = std::min(top, y), bottom = std::max(bottom, y);
      }
    qInfo("33,334 bodies fitted in %dx%d: %d body ends outside, bodies drawn over rows %d..%d", w, h, outside, top, bottom);
    QCOMPARE(outside, 0);
    QVERIFY(bottom - top > 0.7 * h);
    // Ten consecutive bodies half way up the long chain: each the parent of the one before.
    std::vector<int> run{model->bodyCount() / 2};
    while (run.size() < 10) run.push_back(model->body(run.back()).parent);
    Vec3 lo = Vec3::Constant(1e9), hi = Vec3::Constant(-1e9);
    for (int i : run) {
      const Vec3 a = states[static_cast<std::size_t>(i)].input, b = 2 * bodyMidpoint(*model, states, i) - a;
      lo = lo.cwiseMin(a).cwiseMin(b), hi = hi.cwiseMax(a).cwiseMax(b);
    }
    renderer.setPreset(CameraPreset::Front);
    renderer.fitBox(lo, hi, static_cast<double>(w) / h);
    const QImage zoomed = renderer.render(w, h);
    saveArtefact(zoomed, "look-branch-33334-zoomed.png");
    int told = 0;
    double previous = -1;
    for (int i : run) {
      const Vec3 px = renderer.projectToPixel(bodyMidpoint(*model, states, i), w, h);
      const QRgb c = zoomed.pixel(static_cast<int>(px.x()), static_cast<int>(px.y()));
      const Rgb own = drawing.bodyColours[static_cast<std::size_t>(i)];
      const double hue = hueOf(own.r, own.g, own.b);
      told += hueGap(hueOf(qRed(c), qGreen(c), qBlue(c)), hue) < 25.0;
      if (previous >= 0) QVERIFY(hueGap(hue, previous) > 60.0);
      previous = hue;
    }
    qInfo("zoomed on 10 consecutive bodies: %d show their own colour at their middle", told);
    QVERIFY(told >= 9);
  }

  void shadowProjectionPutsPointsOnTheFloor() {
    FloorGrid floor;
    floor.up = Vec3(1, 2, 2) / 3.0;
    floor.centre = Vec3(0.3, -4, 1);
    floor.reach = 5;
    floor.halfWidth = 6;
    const Eigen::Matrix4d m = shadowProjection(floor);
    for (const Vec3& p : {Vec3(0, 0, 0), Vec3(2, 1, -3), Vec3(-1, 5, 4)}) {
      const Vec3 q = (m * p.homogeneous()).head<3>();
      const Vec3 straightBelow = p - (p - floor.centre).dot(floor.up) * floor.up;
      const double height = (q - floor.centre).dot(floor.up);
      QVERIFY((q - straightBelow).norm() < 1e-2);            // along up only, within the hair below
      QVERIFY(height < 0 && height > -1e-2);                   // just under the grid
      QVERIFY(((q - straightBelow) - (q - straightBelow).dot(floor.up) * floor.up).norm() < 1e-12);
    }
  }
};

QTEST_MAIN(TestViewLook)
#include "test_view_look.moc"
