#pragma once
// Files put in place whole (docs/reliability.md, R1). What is written goes
// to a temporary file beside the target (".~NAME.PID.N.tmp", made with
// O_EXCL, so two writers never share one); every write is checked; commit()
// flushes it to the disk (fsync), gives it the old file's mode and owner,
// renames it over the target and flushes the folder, so that the rename
// itself survives a power cut. Until then the old file is untouched, and a
// writer given up (an error, an exception, a run that failed) removes its
// temporary file. A kill -9 leaves at most that temporary file beside an
// intact target.
//
// A target that exists and is not a regular file (a device, a pipe:
// /dev/null) is written in place: it cannot be replaced; so is "-", the
// standard output.

#include <string>
#include <string_view>

namespace mstmm {

class AtomicFile {
 public:
  /// Opens the temporary file; throws mstmm::Error (Io) naming the target.
  explicit AtomicFile(const std::string& target);
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  /// Not committed: the temporary file is removed, the target untouched.
  ~AtomicFile();

  /// Appends bytes; throws mstmm::Error (Io) with the system's reason
  /// ("No space left on device") naming the target.
  void write(std::string_view bytes);
  /// Puts the file in place of the target (see above); throws mstmm::Error
  /// (Io) and leaves the target as it was if any step fails.
  void commit();
  /// The same, in place of `path` instead (partial results beside the target).
  void commitAs(const std::string& path);

  /// For a writer that takes a file name (ffmpeg, VTK's writers): the name
  /// it is to write, the temporary file (or the target itself when that is
  /// written in place); commit() then reopens it by name to flush what the
  /// writer left there.
  const std::string& nameToWrite();

  const std::string& target() const { return m_target; }
  /// Whether the target is written in place (a device or pipe).
  bool direct() const { return m_direct; }

 private:
  void abandon();

  std::string m_target;  // symbolic links resolved
  std::string m_temp;
  int m_fd = -1;
  bool m_direct = false;
  bool m_byName = false;  // written by another writer through nameToWrite()
};

/// Writes `contents` to `path` through an AtomicFile.
void writeFileAtomically(const std::string& path, const std::string& contents);

/// Where the partial results of a run that did not complete go:
/// "RUN.csv" -> "RUN.partial.csv", "RUN" -> "RUN.partial".
std::string partialPath(const std::string& target);

}  // namespace mstmm
