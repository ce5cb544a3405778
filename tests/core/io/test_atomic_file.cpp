// Files put in place whole (core/io/atomic_file.hpp, docs/reliability.md R1):
// a replaced file keeps its mode, a new one gets 0666 less the umask, a
// writer given up or failing leaves the old file as it was and no temporary
// file behind, a full disk is an error that names the reason, and partial
// results go beside the target.

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/error.hpp"
#include "core/io/atomic_file.hpp"
#include "tests/core/check.hpp"

namespace mstmm {
namespace {

namespace fs = std::filesystem;

struct Folder {
  fs::path path;
  Folder() {
    char name[] = "/tmp/mstmm-atomic-XXXXXX";
    path = ::mkdtemp(name);
  }
  ~Folder() { fs::remove_all(path); }
  std::string file(const std::string& name) const { return (path / name).string(); }
  /// The names in the folder, sorted, one string.
  std::string listing() const {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(path)) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    std::string all;
    for (const std::string& n : names) all += n + " ";
    return all;
  }
};

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void write(const std::string& path, const std::string& text, mode_t mode) {
  std::ofstream(path, std::ios::binary) << text;
  ::chmod(path.c_str(), mode);
}

mode_t modeOf(const std::string& path) {
  struct stat st {};
  ::stat(path.c_str(), &st);
  return st.st_mode & 07777;
}

TEST(AtomicFile, AReplacedFileKeepsItsModeAndANewOneFollowsTheUmask) {
  Folder dir;
  for (const mode_t mode : {0600, 0640, 0755}) {
    const std::string target = dir.file("model.json");
    write(target, "old", mode);
    writeFileAtomically(target, "new contents");
    EXPECT_EQ(read(target), "new contents");
    EXPECT_EQ(modeOf(target), mode) << std::oct << mode;
  }
  const mode_t before = ::umask(027);
  writeFileAtomically(dir.file("fresh.json"), "x");
  ::umask(before);
  EXPECT_EQ(modeOf(dir.file("fresh.json")), 0640u);
  EXPECT_EQ(dir.listing(), "fresh.json model.json ");
}

TEST(AtomicFile, AWriterGivenUpLeavesTheOldFileAndNoTemporary) {
  Folder dir;
  const std::string target = dir.file("results.csv");
  write(target, "older results", 0644);
  {
    AtomicFile file(target);
    file.write("half of the new");
    EXPECT_NE(dir.listing(), "results.csv ");  // the temporary file sits beside it meanwhile
  }
  EXPECT_EQ(read(target), "older results");
  EXPECT_EQ(dir.listing(), "results.csv ");
}

TEST(AtomicFile, PartialResultsGoBesideTheTarget) {
  Folder dir;
  const std::string target = dir.file("run.csv");
  write(target, "older results", 0644);
  AtomicFile file(target);
  file.write("t\n0\n");
  file.commitAs(partialPath(target));
  EXPECT_EQ(read(dir.file("run.partial.csv")), "t\n0\n");
  EXPECT_EQ(read(target), "older results");
  EXPECT_EQ(partialPath("/a/b/run"), "/a/b/run.partial");
  EXPECT_EQ(partialPath("out.data.csv"), "out.data.partial.csv");
}

// A write through a symbolic link goes to the file the link names, whether
// that file is there yet or not, and the link stays a link (the fuzz target
// results_writer found a link to a missing file replaced by the results).
TEST(AtomicFile, AWriteThroughALinkKeepsTheLink) {
  Folder dir;
  std::filesystem::create_symlink("results/run.csv", dir.file("latest.csv"));
  std::filesystem::create_directory(dir.file("results"));
  writeFileAtomically(dir.file("latest.csv"), "first");  // the linked file is not there yet
  EXPECT_TRUE(std::filesystem::is_symlink(dir.file("latest.csv")));
  EXPECT_EQ(read(dir.file("results/run.csv")), "first");
  std::filesystem::create_symlink("latest.csv", dir.file("chained.csv"));  // a link to a link
  writeFileAtomically(dir.file("chained.csv"), "second");
  EXPECT_TRUE(std::filesystem::is_symlink(dir.file("chained.csv")));
  EXPECT_TRUE(std::filesystem::is_symlink(dir.file("latest.csv")));
  EXPECT_EQ(read(dir.file("results/run.csv")), "second");
}

// The file-size limit makes a write fail as a full disk does (EFBIG instead
// of ENOSPC), in a child process so that the limit stays there.
TEST(AtomicFile, AFullDiskIsAnErrorAndTheOldFileStays) {
  Folder dir;
  const std::string target = dir.file("big.csv");
  write(target, "older results", 0644);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    std::signal(SIGXFSZ, SIG_IGN);
    const rlimit limit{4096, 4096};
    ::setrlimit(RLIMIT_FSIZE, &limit);
    try {
      writeFileAtomically(target, std::string(100000, 'x'));
    } catch (const Error& e) {
      ::_exit(test::contains(e.what(), "writing '" + target + "': File too large") ? 0 : 2);
    }
    ::_exit(1);  // accepted
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "1: the write was accepted; 2: the message did not name the file and the reason";
  EXPECT_EQ(read(target), "older results");
  EXPECT_EQ(dir.listing(), "big.csv ");
}

// A device is written in place (it cannot be replaced), and its errors are
// reported as a file's: /dev/full is always full.
TEST(AtomicFile, ADeviceIsWrittenInPlaceWithItsErrorsReported) {
  try {
    writeFileAtomically("/dev/full", "x");
    FAIL() << "accepted";
  } catch (const Error& e) {
    EXPECT_TRUE(test::contains(e.what(), "No space left on device")) << e.what();
  }
  EXPECT_NO_THROW(writeFileAtomically("/dev/null", "x"));
  EXPECT_TRUE(fs::is_character_file("/dev/null"));
}

TEST(AtomicFile, AMissingFolderIsNamed) {
  try {
    writeFileAtomically("/nonexistent-folder/x.csv", "x");
    FAIL() << "accepted";
  } catch (const Error& e) {
    EXPECT_TRUE(test::contains(e.what(), "cannot write beside '/nonexistent-folder/x.csv': No such file or directory")) << e.what();
  }
}

}  // namespace
}  // namespace mstmm
