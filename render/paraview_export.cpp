#include "render/paraview_export.hpp"

#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkDoubleArray.h>
#include <vtkIntArray.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkUnsignedCharArray.h>
#include <vtkErrorCode.h>
#include <vtkXMLPolyDataWriter.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <sstream>

#include "core/error.hpp"
#include "core/io/atomic_file.hpp"
#include "core/io/model_json.hpp"
#include "core/io/xml_text.hpp"
#include "render/body_drawing.hpp"
#include "render/result_states.hpp"

namespace mstmm::render {
namespace {

/// One frame's poly data: a vertex per point-like drawing part (point
/// masses), a line per segment, and the per-body arrays on every cell.
class FrameBuilder {
 public:
  FrameBuilder(const Model& model, const BodyDrawing& drawing) : m_model(model), m_drawing(drawing) {}

  vtkNew<vtkPolyData>& build(const Results& results, int frame) {
    statesAt(m_model, results, results.time(frame), m_states, m_visible);
    reset();
    // Poly data orders cells as all vertices, then all lines: add them in two passes.
    for (bool points : {true, false})
      for (const PickSegment& s : m_drawing.pickSegments) {
        const int slot = results.slotOf(s.body);
        if (slot < 0 || (s.a == s.b) != points) continue;
        addCell(results, frame, slot, s);
      }
    m_poly->SetPoints(m_points);
    m_poly->SetVerts(m_verts);
    m_poly->SetLines(m_lines);
    m_poly->GetPointData()->AddArray(m_radius);
    for (vtkDataArray* a : {static_cast<vtkDataArray*>(m_body), static_cast<vtkDataArray*>(m_colour), static_cast<vtkDataArray*>(m_omega),
                            static_cast<vtkDataArray*>(m_force), static_cast<vtkDataArray*>(m_moment)})
      m_poly->GetCellData()->AddArray(a);
    return m_poly;
  }

 private:
  void reset() {
    m_poly->Initialize();
    m_points->Reset();
    m_verts->Reset();
    m_lines->Reset();
    name(m_radius, "radius", 1);
    name(m_body, "body", 1);
    name(m_colour, "colour", 3);
    name(m_omega, "angular velocity", 3);
    name(m_force, "hinge force", 3);
    name(m_moment, "hinge moment", 3);
  }
  static void name(vtkDataArray* a, const char* text, int components) {
    a->Reset();
    a->SetName(text);
    a->SetNumberOfComponents(components);
  }

  vtkIdType addPoint(const BodyState& state, const Vec3& local, double radius) {
    const Vec3 w = state.input + rotationFromQuaternion(state.orientation) * local;
    m_radius->InsertNextValue(radius);
    return m_points->InsertNextPoint(w.x(), w.y(), w.z());
  }

  void addCell(const Results& results, int frame, int slot, const PickSegment& s) {
    const BodyState& state = m_states[static_cast<std::size_t>(s.body)];
    if (s.a == s.b) {
      const vtkIdType id = addPoint(state, s.a, s.radius);
      m_verts->InsertNextCell(1, &id);
    } else {
      const vtkIdType ids[2] = {addPoint(state, s.a, s.radius), addPoint(state, s.b, s.radius)};
      m_lines->InsertNextCell(2, ids);
    }
    // Body numbers as the user knows them (the spec's order, from 1).
    m_body->InsertNextValue(m_model.body(s.body).specIndex + 1);
    const Rgb c = m_drawing.bodyColours[static_cast<std::size_t>(s.body)];
    m_colour->InsertNextTuple3(c.r, c.g, c.b);
    const Vec3 w = results.angularVelocity(frame, slot), f = results.hingeForce(frame, slot), m = results.hingeMoment(frame, slot);
    m_omega->InsertNextTuple3(w.x(), w.y(), w.z());
    m_force->InsertNextTuple3(f.x(), f.y(), f.z());
    m_moment->InsertNextTuple3(m.x(), m.y(), m.z());
  }

  const Model& m_model;
  const BodyDrawing& m_drawing;
  std::vector<BodyState> m_states;
  std::vector<char> m_visible;
  vtkNew<vtkPolyData> m_poly;
  vtkNew<vtkPoints> m_points;
  vtkNew<vtkCellArray> m_verts, m_lines;
  vtkNew<vtkDoubleArray> m_radius, m_omega, m_force, m_moment;
  vtkNew<vtkIntArray> m_body;
  vtkNew<vtkUnsignedCharArray> m_colour;
};

std::string frameFileName(const std::string& baseName, int frame) {
  char number[16];
  std::snprintf(number, sizeof number, "_%06d.vtp", frame);
  return baseName + number;
}

/// The .pvd collection: ParaView's list of files with their times.
std::string collectionXml(const Results& results, const std::string& baseName, const std::vector<int>& recorded) {
  std::ostringstream xml;
  xml.imbue(std::locale::classic());
  xml.precision(17);
  xml << "<?xml version=\"1.0\"?>\n<VTKFile type=\"Collection\" version=\"0.1\" byte_order=\"LittleEndian\">\n  <Collection>\n";
  for (std::size_t k = 0; k < recorded.size(); ++k)
    xml << "    <DataSet timestep=\"" << results.time(recorded[k]) << "\" group=\"\" part=\"0\" file=\""
        << xmlEscaped(frameFileName(baseName, static_cast<int>(k))) << "\"/>\n";
  xml << "  </Collection>\n</VTKFile>\n";
  return xml.str();
}

}  // namespace

std::vector<int> paraViewFrames(int recordedFrames, int every) {
  std::vector<int> frames;
  if (recordedFrames <= 0 || every < 1) return frames;
  for (int f = 0; f < recordedFrames; f += every) frames.push_back(f);
  if (frames.back() != recordedFrames - 1) frames.push_back(recordedFrames - 1);  // the run's end is always there
  return frames;
}

namespace {

/// VTK's writer reports a full disk by an error code, or, in 9.1, by a
/// std::bad_cast out of its stream; either way the frame is not whole.
/// Returns 0, or the system's reason (errno) when it gave one.
int writeWhole(vtkXMLPolyDataWriter& writer, bool& whole) {
  const int warnings = vtkObject::GetGlobalWarningDisplay();
  vtkObject::GlobalWarningDisplayOff();  // the reason is told below, not as VTK's pipeline dump
  errno = 0;
  try {
    whole = writer.Write() == 1 && writer.GetErrorCode() == vtkErrorCode::NoError;
  } catch (const std::exception&) {
    whole = false;
  }
  const int reason = errno;
  vtkObject::SetGlobalWarningDisplay(warnings);
  return whole ? 0 : reason;
}

std::string whyNotWritten(vtkXMLPolyDataWriter& writer, int reason, const std::string& directory) {
  std::error_code ec;
  const std::filesystem::space_info space = std::filesystem::space(directory, ec);
  const std::string kept = "; the frames before it are whole, the collection (.pvd) is not written";
  // VTK calls every failed write "out of disk space": the system's reason first.
  if (reason != 0 && reason != ENOSPC) return std::strerror(reason) + kept;
  if (reason == ENOSPC || (!ec && space.available < (1u << 20)))
    return "the disk is full (" + std::to_string(ec ? 0 : space.available / 1024) + " KiB free)" + kept;
  if (writer.GetErrorCode() != vtkErrorCode::NoError) return vtkErrorCode::GetStringFromErrorCode(writer.GetErrorCode()) + kept;
  return "the writer failed" + kept;
}

}  // namespace

ParaViewExport exportParaView(const Model& model, const Results& results, const std::string& directory, const std::string& baseName,
                              const std::function<bool(int, int)>& progress, int every) {
  if (results.frameCount() == 0) throw Error(ErrorKind::Input, "ParaView export: the run has no recorded frames");
  if (every < 1) throw Error(ErrorKind::Input, "ParaView export: the frame stride must be at least 1, not " + std::to_string(every));
  if (baseName.empty() || baseName.find_first_of("/\\") != std::string::npos)
    throw Error(ErrorKind::Input, "ParaView export: '" + baseName + "' is not a plain file name");
  std::error_code ec;
  std::filesystem::create_directories(directory, ec);
  if (ec) throw Error(ErrorKind::Io, "ParaView export: cannot create the folder " + directory + ": " + ec.message());

  const BodyDrawing drawing = makeBodyDrawing(model);
  FrameBuilder builder(model, drawing);
  vtkNew<vtkXMLPolyDataWriter> writer;
  writer->SetDataModeToAppended();
  writer->SetCompressorTypeToZLib();
  const std::vector<int> frames = paraViewFrames(results.frameCount(), every);
  const int total = static_cast<int>(frames.size());
  int written = 0;
  for (; written < total; ++written) {
    if (progress && !progress(written, total)) break;
    const std::string path = (std::filesystem::path(directory) / frameFileName(baseName, written)).string();
    AtomicFile frame(path);  // each frame whole, or the old one (docs/reliability.md R1)
    writer->SetInputData(builder.build(results, frames[static_cast<std::size_t>(written)]));
    writer->SetFileName(frame.nameToWrite().c_str());
    bool whole = false;
    if (const int reason = writeWhole(*writer, whole); !whole)
      throw Error(ErrorKind::Io, "ParaView export: cannot write " + path + ": " + whyNotWritten(*writer, reason, directory));
    frame.commit();
  }
  ParaViewExport out;
  out.frames = written;
  out.collectionPath = (std::filesystem::path(directory) / (baseName + ".pvd")).string();
  // The collection lists only complete frames, so a stopped export still opens.
  writeFileAtomically(out.collectionPath, collectionXml(results, baseName, std::vector<int>(frames.begin(), frames.begin() + written)));
  return out;
}

}  // namespace mstmm::render
