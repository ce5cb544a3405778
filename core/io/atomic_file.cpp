#include "core/io/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "core/error.hpp"

namespace mstmm {

namespace fs = std::filesystem;

namespace {

std::string reason() { return std::strerror(errno); }

[[noreturn]] void failWriting(const std::string& what, const std::string& path) {
  throw Error(ErrorKind::Io, what + " '" + path + "': " + reason());
}

/// The file a path names: through symbolic links (a chain of them, up to 40
/// as the system allows) to the file they point at, which a write creates
/// when it is not there yet, as the shell's `>` does; the links are kept.
/// (weakly_canonical stops at a link whose file is missing, and the rename
/// would then replace the link itself.)
std::string resolved(const std::string& path) {
  std::error_code ec;
  fs::path p(path);
  for (int hops = 0; hops < 40 && fs::is_symlink(p, ec); ++hops) {
    const fs::path to = fs::read_symlink(p, ec);
    if (ec) break;
    p = to.is_absolute() ? to : p.parent_path() / to;
  }
  return p.string();
}

/// A new file beside `target` that no other writer has: ".~NAME.PID.N.tmp",
/// created exclusively with mode 0666 less the umask (what a new target gets).
int createTemporary(const std::string& target, std::string& temp) {
  static std::atomic<unsigned> counter{0};
  const fs::path t(target);
  for (int attempt = 0; attempt < 100; ++attempt) {
    temp = (t.parent_path() / (".~" + t.filename().string() + "." + std::to_string(::getpid()) + "." + std::to_string(counter++) + ".tmp")).string();
    const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0) return fd;
    if (errno != EEXIST) failWriting("cannot write beside", target);
  }
  throw Error(ErrorKind::Io, "cannot write beside '" + target + "': no free temporary name");
}

/// Flushes the folder holding `path`, so that a rename in it is on the disk.
void syncFolder(const std::string& path) {
  const fs::path parent = fs::path(path).parent_path();
  const int fd = ::open(parent.empty() ? "." : parent.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;  // the file is in place; only its durability across a power cut is left to the system
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

AtomicFile::AtomicFile(const std::string& target) : m_target(target == "-" ? target : resolved(target)) {
  if (target == "-") {  // standard output, whatever it is (a terminal, a pipe, a file the shell opened)
    m_direct = true;
    m_fd = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 0);
    if (m_fd < 0) failWriting("cannot write", "standard output");
    return;
  }
  struct stat st {};
  if (::stat(m_target.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    m_direct = true;
    m_fd = ::open(m_target.c_str(), O_WRONLY | O_CLOEXEC);
    if (m_fd < 0) failWriting("cannot write", m_target);
    return;
  }
  m_fd = createTemporary(m_target, m_temp);
}

AtomicFile::~AtomicFile() { abandon(); }

void AtomicFile::abandon() {
  if (m_fd >= 0) ::close(m_fd);
  m_fd = -1;
  if (!m_temp.empty()) ::unlink(m_temp.c_str());
  m_temp.clear();
}

void AtomicFile::write(std::string_view bytes) {
  if (m_fd < 0) throw Error(ErrorKind::Io, "writing '" + m_target + "' after it was closed");
  while (!bytes.empty()) {
    const ssize_t n = ::write(m_fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) failWriting("writing", m_target);
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
}

const std::string& AtomicFile::nameToWrite() {
  m_byName = true;
  return m_direct ? m_target : m_temp;
}

void AtomicFile::commit() { commitAs(m_target); }

void AtomicFile::commitAs(const std::string& path) {
  if (m_fd < 0) throw Error(ErrorKind::Io, "'" + m_target + "' was already closed");
  if (m_direct) {
    const int fd = m_fd;
    m_fd = -1;
    if (::close(fd) != 0) failWriting("writing", m_target);
    return;
  }
  if (m_byName) {  // the file at the temporary name is the one to flush, whichever inode the writer left there
    ::close(m_fd);
    m_fd = ::open(m_temp.c_str(), O_WRONLY | O_CLOEXEC);
    if (m_fd < 0) {
      const std::string why = reason();
      abandon();
      throw Error(ErrorKind::Io, "writing '" + m_target + "': " + why);
    }
  }
  // A file replaced keeps its mode and owner (a private 0600 model stays private).
  struct stat old {};
  if (::stat(path.c_str(), &old) == 0 && S_ISREG(old.st_mode)) {
    if (::fchmod(m_fd, old.st_mode & 07777) != 0) failWriting("cannot keep the mode of", path);
    if (::fchown(m_fd, old.st_uid, old.st_gid) != 0 && errno != EPERM) failWriting("cannot keep the owner of", path);
  }
  if (::fsync(m_fd) != 0) {
    const std::string why = reason();
    abandon();
    throw Error(ErrorKind::Io, "writing '" + m_target + "': " + why);
  }
  const int fd = m_fd;
  m_fd = -1;
  if (::close(fd) != 0) {
    const std::string why = reason();
    abandon();
    throw Error(ErrorKind::Io, "writing '" + m_target + "': " + why);
  }
  if (::rename(m_temp.c_str(), path.c_str()) != 0) {
    const std::string why = reason();
    abandon();
    throw Error(ErrorKind::Io, "cannot replace '" + path + "': " + why);
  }
  m_temp.clear();
  syncFolder(path);
}

void writeFileAtomically(const std::string& path, const std::string& contents) {
  AtomicFile file(path);
  file.write(contents);
  file.commit();
}

std::string partialPath(const std::string& target) {
  const fs::path t(target);
  const std::string ext = t.extension().string();
  fs::path out = t.parent_path() / (t.stem().string() + ".partial" + ext);
  return out.string();
}

}  // namespace mstmm
