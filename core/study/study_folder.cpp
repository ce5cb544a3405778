#include "core/study/study_folder.hpp"

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "core/error.hpp"
#include "core/io/atomic_file.hpp"
#include "core/io/model_json.hpp"

namespace mstmm {

namespace fs = std::filesystem;

namespace {

std::string fnv1a(const std::string& text) {
  std::uint64_t h = 14695981039346656037ull;
  for (const unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return hex;
}

/// Every input of the study but its base model, numbers to 17 digits.
std::string studyText(const StudySpec& s) {
  std::ostringstream out;
  out.precision(17);
  out << toString(s.sampling) << ' ' << s.runs << ' ' << s.seed << ' ' << s.saveResults << '\n';
  for (const StudyParameter& p : s.parameters) {
    out << "parameter " << p.name << '\n' << p.address << '\n' << p.from << ' ' << p.to;
    for (double v : p.values) out << ' ' << v;
    out << '\n';
  }
  for (const StudyMetric& m : s.metrics) out << "record " << m.name << '\n' << m.quantity << '\n' << toString(m.stat) << ' ' << m.threshold << ' ' << m.about << '\n';
  return out.str();
}

fs::path fingerprintFile(const std::string& dir) { return fs::path(dir) / "study-fingerprint.txt"; }

/// The fingerprint kept in DIR, if there is one that reads.
std::optional<StudyFingerprint> kept(const std::string& dir) {
  std::ifstream in(fingerprintFile(dir));
  StudyFingerprint f;
  std::string studyWord, modelWord;
  if (!(in >> studyWord >> f.study >> modelWord >> f.model) || studyWord != "study" || modelWord != "model") return std::nullopt;
  return f;
}

int keptRows(const std::string& dir) {
  std::error_code ec;
  int rows = 0;
  for (const auto& e : fs::directory_iterator(fs::path(dir) / "runs", ec)) rows += e.path().filename().string().rfind("run-", 0) == 0;
  return rows;
}

[[noreturn]] void refuse(const std::string& dir, int rows, const std::string& why) {
  throw Error(ErrorKind::Input, "study: '" + dir + "' holds " + std::to_string(rows) + " run files " + why +
                                    ": resumed, old and new rows would mix in one table. Run with --restart to compute every run afresh (the "
                                    "folder's rows and summary are removed), or give another --out to keep this one");
}

}  // namespace

StudyFingerprint studyFingerprint(const StudySpec& study) { return {fnv1a(studyText(study)), fnv1a(modelToJson(study.model))}; }

void claimStudyFolder(const StudySpec& study, const std::string& dir, bool restart) {
  if (restart) {
    std::error_code ec;
    fs::remove_all(fs::path(dir) / "runs", ec);
    fs::remove(fs::path(dir) / "summary.csv", ec);
    fs::remove(fingerprintFile(dir), ec);
  }
  fs::create_directories(fs::path(dir) / "runs");
  const StudyFingerprint now = studyFingerprint(study);
  const int rows = keptRows(dir);
  const std::optional<StudyFingerprint> before = kept(dir);
  if (before && *before == now) return;
  if (rows > 0) {
    if (!before) refuse(dir, rows, "with no fingerprint of the study that made them");
    const bool studyChanged = before->study != now.study, modelChanged = before->model != now.model;
    refuse(dir, rows,
           "of another version of this study: since they were computed, " +
               std::string(studyChanged && modelChanged ? "the study file (parameters, sampling or records) and its base model '" + study.modelFile + "' have"
                           : studyChanged              ? "the study file (parameters, sampling or records) has"
                                                       : "its base model '" + study.modelFile + "' has") +
               " changed");
  }
  writeFileAtomically(fingerprintFile(dir).string(), "study " + now.study + "\nmodel " + now.model + "\n");
}

}  // namespace mstmm
