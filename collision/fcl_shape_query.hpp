#pragma once
// Contacts between bodies answered by FCL (docs/contact.md C8). A program
// that simulates models calls installFclShapeQuery() once at start; core
// then asks FCL how deep the shapes of each body contact overlap.

namespace mstmm {

void installFclShapeQuery();

}  // namespace mstmm
