#pragma once
// Which study a study folder's rows belong to (docs/studies.md, resuming;
// docs/reliability.md R3). A study resumed in its folder reuses the rows of
// the runs it finished, which is right only while its inputs are the same:
// after an edit of the study file or of the base model, old and new rows
// would mix in one table with nothing to tell them apart. So the folder
// keeps a fingerprint of both (DIR/study-fingerprint.txt, a 64-bit FNV-1a
// hash of the study's parameters, sampling, records and options, and one of
// the base model's canonical JSON), and a study whose fingerprint differs
// is refused, saying what changed, unless it is started afresh.

#include <string>

#include "core/study/study_spec.hpp"

namespace mstmm {

struct StudyFingerprint {
  std::string study;  // 16 hexadecimal digits each
  std::string model;
  bool operator==(const StudyFingerprint&) const = default;
};

StudyFingerprint studyFingerprint(const StudySpec& study);

/// Makes DIR/runs and claims the folder for `study`: a new folder, or one
/// whose fingerprint is the study's, is taken (and the fingerprint written);
/// `restart` first removes every row, the summary and the fingerprint.
/// Throws mstmm::Error (Input) when DIR holds rows of other inputs (or rows
/// with no fingerprint, from before there was one), naming what changed and
/// the two ways on: --restart, or another folder.
void claimStudyFolder(const StudySpec& study, const std::string& dir, bool restart);

}  // namespace mstmm
