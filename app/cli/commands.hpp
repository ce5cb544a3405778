#pragma once
// The subcommands of `mstmm`. Each returns the process exit status and
// throws mstmm::Error for bad input (main prints it on one line).

#include <string>
#include <vector>

namespace mstmm::cli {

int simulateCommand(const std::vector<std::string>& args);
int generateCommand(const std::vector<std::string>& args);
int infoCommand(const std::vector<std::string>& args);
int formatCommand(const std::vector<std::string>& args);
int exportCommand(const std::vector<std::string>& args);
int studyCommand(const std::vector<std::string>& args);
int importCommand(const std::vector<std::string>& args);
int exportModelCommand(const std::vector<std::string>& args);
int equilibriumCommand(const std::vector<std::string>& args);
int modesCommand(const std::vector<std::string>& args);
int frfCommand(const std::vector<std::string>& args);
int replayCommand(const std::vector<std::string>& args);
int campbellCommand(const std::vector<std::string>& args);
int unbalanceCommand(const std::vector<std::string>& args);

}  // namespace mstmm::cli
