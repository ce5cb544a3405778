#pragma once
// What the 3-D view suites share: a horizontal rod seen by a fixed camera,
// the pinhole projection worked out by hand for that camera, colour tests,
// and saving images under build/artifacts/ to be looked at.

#include <QDir>
#include <QImage>
#include <QtTest>
#include <cmath>

#include "core/model/model.hpp"
#include "render/scene_state.hpp"

namespace mstmm::render::testing {

constexpr int kWidth = 400, kHeight = 300;
constexpr double kDistance = 5.0, kViewAngle = 30.0, kRodLength = 1.0;
const Vec3 kFocus(-0.5, 0.0, 0.0);

/// One planar rod I_1 -> O along x, hanging at O from the origin, at theta = 0.
inline ModelSpec horizontalRodSpec() {
  ModelSpec spec;
  spec.kind = ModelKind::Planar;
  BodySpec& rod = spec.addBody("rod");
  rod.shape.type = ShapeType::Rod;
  rod.shape.length = kRodLength;
  rod.output = Vec3(kRodLength, 0, 0);
  spec.addHinge("pin", HingeType::Pin, rod.id, std::nullopt);
  return spec;
}
inline std::shared_ptr<const Model> horizontalRod() { return compile(horizontalRodSpec()); }

inline CameraState fixedCamera() {
  CameraState c;
  c.position = kFocus + Vec3(0, 0, kDistance);
  c.focalPoint = kFocus;
  c.viewUp = Vec3::UnitY();
  c.viewAngle = kViewAngle;
  c.valid = true;
  return c;
}

/// Pinhole projection worked out by hand for the camera above (looking
/// along -z), rows counted from the top.
inline QPointF expectedPixel(const Vec3& world) {
  const double pixelsPerMetre = 0.5 * kHeight / (kDistance * std::tan(0.5 * kViewAngle * M_PI / 180.0));
  return {0.5 * kWidth + (world.x() - kFocus.x()) * pixelsPerMetre, 0.5 * kHeight - (world.y() - kFocus.y()) * pixelsPerMetre};
}

inline bool isSelectionOrange(QRgb c) { return qRed(c) > 150 && qRed(c) > qBlue(c) + 80 && qGreen(c) > qBlue(c) + 20; }

/// Bounding box of the orange pixels, away from the corner axes.
inline QRectF orangeBox(const QImage& image, int* count) {
  int left = image.width(), right = -1, top = image.height(), bottom = -1;
  *count = 0;
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x) {
      if (x < 0.2 * image.width() && y > 0.75 * image.height()) continue;  // corner axes
      if (!isSelectionOrange(image.pixel(x, y))) continue;
      ++*count;
      left = std::min(left, x), right = std::max(right, x), top = std::min(top, y), bottom = std::max(bottom, y);
    }
  return QRectF(QPointF(left, top), QPointF(right + 1, bottom + 1));
}

inline void checkRodPixels(const QImage& image) {
  QCOMPARE(image.size(), QSize(kWidth, kHeight));
  int count = 0;
  const QRectF box = orangeBox(image, &count);
  QVERIFY2(count > 200, qPrintable(QString("only %1 rod pixels").arg(count)));
  const QPointF left = expectedPixel(Vec3(-kRodLength, 0, 0)), right = expectedPixel(Vec3::Zero());
  const double radius = 0.02 * kRodLength * (right.x() - left.x()) / kRodLength;  // the visual rod radius in pixels
  // The I_1 end is free; the O end disappears into the hinge sphere (radius 1.6 r).
  QVERIFY2(std::abs(box.left() - left.x()) <= 1.5, qPrintable(QString("left %1 vs %2").arg(box.left()).arg(left.x())));
  QVERIFY2(box.right() <= right.x() + 1.0 && box.right() >= right.x() - 1.6 * radius - 1.5,
           qPrintable(QString("right %1 vs %2").arg(box.right()).arg(right.x())));
  QVERIFY2(std::abs(box.center().y() - left.y()) <= 1.0, qPrintable(QString("centre row %1 vs %2").arg(box.center().y()).arg(left.y())));
  QVERIFY2(std::abs(box.height() - 2 * radius) <= 2.0, qPrintable(QString("thickness %1 vs %2").arg(box.height()).arg(2 * radius)));
  // Background above and below the rod, far from it.
  const QRgb above = image.pixel(static_cast<int>(left.x() + 20), static_cast<int>(left.y() - 30));
  QVERIFY(!isSelectionOrange(above) && qBlue(above) >= qRed(above));
}

inline void saveArtefact(const QImage& image, const QString& name) {
  const QString dir = QString(MSTMM_BINARY_DIR) + "/artifacts";
  QDir().mkpath(dir);
  QVERIFY(image.save(dir + "/" + name));
}

}  // namespace mstmm::render::testing
