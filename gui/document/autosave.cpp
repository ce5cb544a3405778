#include "gui/document/autosave.hpp"

#include "core/io/model_json.hpp"
#include "gui/document/model_document.hpp"

namespace mstmm::gui {

Autosave::Autosave(ModelDocument* document, std::unique_ptr<RecoveryStore> store, QObject* parent)
    : QObject(parent), m_document(document), m_store(std::move(store)) {
  m_timer.setSingleShot(true);
  m_timer.setInterval(kDelayMs);
  connect(&m_timer, &QTimer::timeout, this, &Autosave::saveNow);
  connect(m_document, &ModelDocument::changed, this, &Autosave::changed);
  connect(m_document, &ModelDocument::modifiedChanged, this, [this](bool modified) {
    if (modified) return changed();
    m_timer.stop();  // saved, or undone to the saved state
    m_store->remove();
  });
}

Autosave::~Autosave() { finish(); }

// Not restarted by further changes: a long burst of edits is still saved
// every few seconds.
void Autosave::changed() {
  if (m_document->isModified() && !m_timer.isActive()) m_timer.start();
}

void Autosave::saveNow() {
  m_timer.stop();
  if (!m_document->isModified()) return m_store->remove();
  QString error;
  const ModelSpec spec = m_document->specForSaving();
  if (!m_store->write(QString::fromStdString(modelToJson(spec)), QString::fromStdString(spec.name), m_document->filePath(), &error))
    emit failed(tr("Autosave failed: %1").arg(error));
}

void Autosave::finish() {
  m_timer.stop();
  m_store->remove();
}

}  // namespace mstmm::gui
