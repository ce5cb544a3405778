#pragma once
// Images and drawings written as every other file is (core/io/atomic_file,
// docs/reliability.md R1): encoded in memory, then put in place whole, the
// old file's mode kept; a failure leaves an old file of that name as it was
// and says why.

#include <QByteArray>
#include <QString>
#include <functional>

class QImage;
class QPainter;
class QSize;

namespace mstmm::gui {

/// Writes bytes through core's writeFileAtomically; the reason on failure, else empty.
QString saveBytesAtomically(const QByteArray& bytes, const QString& path);
/// PNG of the image.
QString savePngAtomically(const QImage& image, const QString& path);
/// SVG of what `paint` draws on a page of `size`.
QString saveSvgAtomically(const QSize& size, const QString& title, const std::function<void(QPainter&)>& paint, const QString& path);

}  // namespace mstmm::gui
