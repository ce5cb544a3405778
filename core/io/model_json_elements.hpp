#pragma once
// The model file's readers and writers, one file per element kind
// (body_json, hinge_json, load_json, contact_json; the model's own keys in
// model_json.cpp), sharing one object reader (json_object_reader.hpp).
// Internal to core/io: the format's entry points are model_json.hpp.

#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/io/json_object_reader.hpp"
#include "core/spec/model_spec.hpp"

namespace mstmm::model_file {

using NameOfId = std::unordered_map<std::uint32_t, std::string>;

// bodies (body_json.cpp)
ShapeSpec readShape(const ObjectReader& body);
BeamSection readSection(const ObjectReader& beam);
BeamSpec readBeam(const ObjectReader& body);
std::vector<Vec3> readInputs(const ObjectReader& r);
BeamDeformation readDeformation(const ObjectReader& initial);
void readInitial(const ObjectReader& body, BodySpec& b);
BodySpec readBody(const Json& j, std::size_t index, const std::string& baseDir);
std::vector<VisualSpec> readVisuals(const ObjectReader& body, const std::string& baseDir);
Json writeShape(const ShapeSpec& s);
Json writeVisual(const VisualSpec& v);
Json writeSection(const BeamSection& s);
Json writeBeam(const BeamSpec& b);
Json writeDeformation(const BeamDeformation& d);
Json writeBody(const BodySpec& b, ModelKind kind);

// hinges (hinge_json.cpp)
HingeType readHingeType(const ObjectReader& r);
HingeSpec readHinge(const Json& j, std::size_t index, const std::unordered_map<std::string, std::uint32_t>& ids, ModelKind kind, const std::string& baseDir);
Json writeHinge(const HingeSpec& h, const NameOfId& names);

// load elements (load_json.cpp)
std::vector<std::pair<double, double>> readPairs(const ObjectReader& r, const char* key);
std::vector<std::pair<double, double>> readCsvPairs(const std::string& file, const std::string& where);
TimeFunction readFunction(const Json& j, const std::string& where, const std::string& baseDir);
HingeLoadsSpec readHingeLoads(const ObjectReader& r, const std::string& baseDir);
std::vector<CoordinateLoadsSpec> readCoordinateLoads(const ObjectReader& hinge, HingeType type, ModelKind kind, const std::string& baseDir);
void readFunctionTriple(const ObjectReader& r, const char* key, TimeFunction (&out)[3], const std::string& baseDir);
std::vector<BodyLoadSpec> readBodyLoads(const ObjectReader& body, const std::string& baseDir);
std::vector<SpringDamperSpec> readSprings(const ObjectReader& top);
Json writeFunction(const TimeFunction& f);
Json writePairs(const std::vector<std::pair<double, double>>& rows);
void writeHingeLoads(const HingeLoadsSpec& l, Json& j);
Json writeBodyLoads(const std::vector<BodyLoadSpec>& loads);
Json writeSprings(const std::vector<SpringDamperSpec>& springs);

// contacts and the ground (contact_json.cpp)
std::vector<ContactSpec> readContacts(const ObjectReader& top);
ContactShape readContactShape(const Json& j, const std::string& where);
std::vector<BodyContactSpec> readBodyContacts(const ObjectReader& top);
GroundSpec readGround(const ObjectReader& top);
Json writeContacts(const std::vector<ContactSpec>& contacts);
Json writeContactShape(const ContactShape& s);
Json writeBodyContacts(const std::vector<BodyContactSpec>& contacts);
Json writeGround(const GroundSpec& g);

// bearings and unbalances (rotor_json.cpp)
std::vector<BearingSpec> readBearings(const ObjectReader& top);
std::vector<UnbalanceSpec> readUnbalances(const ObjectReader& top);
Json writeBearings(const std::vector<BearingSpec>& bearings);
Json writeUnbalances(const std::vector<UnbalanceSpec>& unbalances);

// named measures (measure_json.cpp)
std::vector<MeasureSpec> readMeasures(const ObjectReader& top);
Json writeMeasures(const std::vector<MeasureSpec>& measures);

// layout (json_pretty.cpp)
void writePretty(const Json& j, int indent, std::string& out);

}  // namespace mstmm::model_file
