#include "core/loads/shape_query.hpp"

#include <atomic>

#include "core/error.hpp"

namespace mstmm {

namespace {
std::atomic<ShapeQueryMaker> g_shapeQueryMaker{nullptr};
}

void installShapeQuery(ShapeQueryMaker maker) { g_shapeQueryMaker.store(maker); }

bool hasShapeQuery() { return g_shapeQueryMaker.load() != nullptr; }

std::shared_ptr<const ShapeQuery> makeShapeQuery(const std::vector<BodyContactSpec>& contacts) {
  if (contacts.empty()) return nullptr;
  const ShapeQueryMaker maker = g_shapeQueryMaker.load();
  if (!maker)
    throw Error(ErrorKind::Input, "body contact '" + contacts.front().name +
                                      "': contacts between bodies need the collision library (FCL), and this program was built without it");
  return maker(contacts);
}

}  // namespace mstmm
