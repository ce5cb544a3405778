#pragma once
// Results as a ParaView time series: one .vtp (VTK XML poly data) per
// recorded frame and a .pvd collection that lists them with their times, so
// ParaView opens the whole run as one animated data set.
//
// Each body is drawn as the line segments of its 3-D drawing (shape axis and
// connectors to its ends) with a point array "radius" (Tube filter: vary
// radius by absolute scalar) and cell arrays per body: body number, colour,
// angular velocity, output hinge force and moment.

#include <functional>
#include <string>
#include <vector>

#include "core/sim/results.hpp"

namespace mstmm::render {

struct ParaViewExport {
  std::string collectionPath;  // the .pvd written
  int frames = 0;
};

/// The recorded frames an export with stride `every` writes: every
/// `every`-th from the first, and the last always.
std::vector<int> paraViewFrames(int recordedFrames, int every);

/// Writes `<directory>/<baseName>.pvd` and `<directory>/<baseName>_NNNNNN.vtp`
/// (the directory is created), for the recorded frames paraViewFrames()
/// picks. `progress(done, total)` may return false to stop early (what was
/// written stays valid). Throws mstmm::Error.
ParaViewExport exportParaView(const Model& model, const Results& results, const std::string& directory, const std::string& baseName,
                              const std::function<bool(int, int)>& progress = {}, int every = 1);

}  // namespace mstmm::render
