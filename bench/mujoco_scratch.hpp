#pragma once
// MuJoCo 2.2.2 compiles MJCF only from a file: the benchmarks that hand it
// a model as text write it to a scratch file of this process's own, load it
// and remove it. On a model MuJoCo refuses, its message and exit 1.

#include <mujoco/mujoco.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include <unistd.h>

namespace mstmm::bench {

inline mjModel* loadMjcfText(const std::string& xml, const std::string& program) {
  const std::string path = "/tmp/" + program + "-" + std::to_string(getpid()) + ".xml";
  std::ofstream(path) << xml;
  char error[1000] = "";
  mjModel* m = mj_loadXML(path.c_str(), nullptr, error, sizeof error);
  std::remove(path.c_str());
  if (!m) {
    std::fprintf(stderr, "MuJoCo: %s\n", error);
    std::exit(1);
  }
  return m;
}

}  // namespace mstmm::bench
