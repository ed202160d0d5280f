// Must NOT compile: assigning to a variable that holds x_ref[...] would write
// the Ref, not rebind the variable as Python's `a = a * 2` does.
#include "dsl/tessera.h"

using namespace tessera;

void body(Ref x_vmem) {
  auto a = x_vmem[___];
  a = a * 2.0;  // error: no viable overloaded '='
}
