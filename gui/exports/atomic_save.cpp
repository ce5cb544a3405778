#include "gui/exports/atomic_save.hpp"

#include <QBuffer>
#include <QCoreApplication>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>

#include "core/error.hpp"
#include "core/io/atomic_file.hpp"

namespace mstmm::gui {

QString saveBytesAtomically(const QByteArray& bytes, const QString& path) {
  try {
    writeFileAtomically(path.toStdString(), std::string(bytes.constData(), static_cast<std::size_t>(bytes.size())));
  } catch (const Error& e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

QString savePngAtomically(const QImage& image, const QString& path) {
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  if (image.isNull() || !image.save(&buffer, "PNG")) return QCoreApplication::translate("AtomicSave", "the image could not be encoded as PNG");
  return saveBytesAtomically(bytes, path);
}

QString saveSvgAtomically(const QSize& size, const QString& title, const std::function<void(QPainter&)>& paint, const QString& path) {
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  QSvgGenerator svg;
  svg.setOutputDevice(&buffer);
  svg.setSize(size);
  svg.setViewBox(QRect(QPoint(0, 0), size));
  svg.setTitle(title);
  svg.setDescription(QCoreApplication::translate("AtomicSave", "Plot exported by MSTMM Studio"));
  QPainter painter;
  if (!painter.begin(&svg)) return QCoreApplication::translate("AtomicSave", "the drawing could not be started");
  paint(painter);
  if (!painter.end()) return QCoreApplication::translate("AtomicSave", "the drawing could not be finished");
  return saveBytesAtomically(bytes, path);
}

}  // namespace mstmm::gui
