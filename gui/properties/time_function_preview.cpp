#include "gui/properties/time_function_preview.hpp"

#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

namespace mstmm::gui {

namespace {
constexpr int kSamples = 400;
}

TimeFunctionPreview::TimeFunctionPreview(QWidget* parent) : QWidget(parent) {
  setObjectName("timeFunctionPreview");
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void TimeFunctionPreview::setFunction(const TimeFunction& f, double endTime, bool motion, const QString& unit, double factor) {
  m_unit = unit;
  m_factor = factor;
  m_samples.clear();
  m_refusal = QString::fromStdString(checkTimeFunction(f, motion));
  m_end = std::isfinite(endTime) && endTime > 0.0 ? endTime : 1.0;
  if (m_refusal.isEmpty()) {
    const TimeCurve curve(f);
    m_low = INFINITY;
    m_high = -INFINITY;
    for (int k = 0; k <= kSamples; ++k) {
      const double t = m_end * k / kSamples, v = curve.value(t);
      m_samples.emplace_back(t, v);
      m_low = std::min(m_low, v);
      m_high = std::max(m_high, v);
    }
  }
  update();
}

void TimeFunctionPreview::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  const QRectF frame = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
  p.fillRect(frame, palette().base());
  p.setPen(palette().mid().color());
  p.drawRect(frame);
  if (!m_refusal.isEmpty()) {
    p.setPen(QColor(180, 30, 30));
    p.drawText(frame.adjusted(6, 4, -6, -4), Qt::AlignCenter | Qt::TextWordWrap, m_refusal);
    return;
  }
  const QFontMetrics fm(font());
  const QString top = QString::number(m_high * m_factor, 'g', 4), bottom = QString::number(m_low * m_factor, 'g', 4);
  const double left = 6 + std::max(fm.horizontalAdvance(top), fm.horizontalAdvance(bottom)) + 4;
  const QRectF plot(left, 6, frame.width() - left - 8, frame.height() - 12 - fm.height());
  // A constant gets a band around its value, so the line sits in the middle.
  const double span = m_high > m_low ? m_high - m_low : std::max(1.0, std::abs(m_high));
  const double low = m_high > m_low ? m_low : m_low - span / 2;
  auto at = [&](const QPointF& s) {
    return QPointF(plot.left() + plot.width() * s.x() / m_end, plot.bottom() - plot.height() * (s.y() - low) / span);
  };
  p.setPen(palette().text().color());
  p.drawText(QRectF(2, plot.top() - fm.ascent() / 2.0, left - 6, fm.height()), Qt::AlignRight, top);
  p.drawText(QRectF(2, plot.bottom() - fm.height() + fm.descent(), left - 6, fm.height()), Qt::AlignRight, bottom);
  p.drawText(QRectF(plot.left(), plot.bottom() + 1, plot.width(), fm.height()), Qt::AlignLeft, "0 s");
  p.drawText(QRectF(plot.left(), plot.bottom() + 1, plot.width(), fm.height()), Qt::AlignRight, QString("%1 s").arg(m_end, 0, 'g', 4));
  p.drawText(QRectF(plot.left(), plot.bottom() + 1, plot.width(), fm.height()), Qt::AlignHCenter, m_unit);
  QPainterPath path(at(m_samples.front()));
  for (std::size_t k = 1; k < m_samples.size(); ++k) path.lineTo(at(m_samples[k]));
  p.setPen(QPen(palette().highlight().color(), 1.5));
  p.drawPath(path);
}

}  // namespace mstmm::gui
