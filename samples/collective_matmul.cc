// All-gather matmul over the host's four chips (the Pallas distributed
// tutorial's collective matmul): x bf16[M,K] is split by rows (P("device"),
// each chip an [M/4, K] block), y bf16[K,N] by columns (P(nullptr,
// "device")), and each chip computes its columns of x @ y for every row
// block, f32[M, N/4]. The row blocks of x go around the ring of chips; with
// --overlap (the default run does both) each chip multiplies the block it
// has while it pushes that block on to its right neighbour, so the
// interconnect and the MXUs work at once; without, the all-gather finishes
// first and the matmuls follow. Both results are exact against the host.
//
//   build/bin/collective_matmul                 both versions: cycles and speedup
//   build/bin/collective_matmul --n=N           N (columns of y; default 4096)
//   build/bin/collective_matmul --interpret     both in interpret mode
#include <cstdio>

#include "dsl/tessera.h"
#include "samples/MatmulReference.h"
#include "samples/SampleMain.h"

using namespace tessera;

int main(int argc, char **argv) {
  auto flags = samples::parseFlags(argc, argv, {"--n=N"});
  const int64_t devices = 4, M = 1024, K = 1024, N = flags.number("n", 4096);
  const int64_t m = M / devices, n = N / devices, tm = 128, tn = 256;
  tpu_init::initialize_local_chips();
  auto mesh = make_mesh({devices}, {"device"});
  std::vector<float> xs = samples::matmulLhs(M, K), ys = samples::matmulRhs(K, N);
  auto x = Array::from_f32(xs, {M, K}, DType::bfloat16);
  auto y = Array::from_f32(ys, {K, N}, DType::bfloat16);

  auto program = [&](bool overlap) {
    return shard_map(
        {.mesh = mesh, .in_specs = {P("device"), P(nullptr, "device")},
         .out_specs = P(nullptr, "device"), .check_vma = false},
        [=](const Array &xb, const Array &yb) -> Array {
          auto kernel = pl::kernel(
              {.out_type = ShapeDtypeStruct{{M, n}, DType::float32},
               .mesh = pltpu::TensorCoreMesh{"tc", 1},
               .scratch_types = {pltpu::VMEM({M, K}, DType::bfloat16),      // x, gathered
                                 pltpu::VMEM({K, n}, DType::bfloat16),      // y's columns
                                 pltpu::VMEM({2 * m, n}, DType::float32),   // out, 2 slots
                                 pltpu::SemaphoreType::DMA, pltpu::SemaphoreType::DMA,
                                 pltpu::SemaphoreType::DMA, pltpu::SemaphoreType::DMA},
               .name = overlap ? "collective_matmul" : "allgather_then_matmul",
               .arg_names = {"x_hbm", "y_hbm", "o_hbm", "xs", "ys", "out", "local", "sent",
                             "received", "written"},
               .interpret = flags.interpret},
              [=](Ref x_hbm, Ref y_hbm, Ref o_hbm, Ref xv, Ref yv, Ref out, Ref local,
                  Ref sent, Ref received, Ref written) {
                Scalar me = lax::axis_index("device");
                Scalar right = (me + 1) % devices;
                auto rowsOf = [&](Scalar block) { return pl::multiple_of(block * m, m); };
                pltpu::async_copy(x_hbm, xv.at(pl::ds(rowsOf(me), m)), local).wait();
                pltpu::async_copy(y_hbm, yv, local).wait();
                // Step s holds row block (me - s): push it on (steps 0..2).
                auto push = [&](int64_t s) {
                  Ref block = xv.at(pl::ds(rowsOf((me + (devices - s)) % devices), m));
                  return pltpu::make_async_remote_copy(block, block, sent, received, {right});
                };
                // The product of row block (me - s) with y's columns, into
                // out slot s % 2 and on to its rows of o_hbm.
                auto multiply = [&](int64_t s) {
                  Scalar rows = rowsOf((me + (devices - s)) % devices);
                  int64_t slot = s % 2 * m;
                  if (s >= 2)  // the slot's previous write-out has left
                    pltpu::make_async_copy(out.at(pl::ds(slot, m)), o_hbm.at(pl::ds(0, m)),
                                           written)
                        .wait();
                  // In tiles of [tm, tn]: per column tile, a loop over the
                  // row tiles (a vector access's column must be static).
                  for (int64_t c = 0; c < n; c += tn)
                    pl::loop(0, m / tm)([&](Scalar i) {
                      Scalar r = pl::multiple_of(i * tm, tm);
                      out(pl::ds(pl::multiple_of(r + slot, tm), tm), pl::ds(c, tn)) =
                          jnp::dot(xv[pl::ds(pl::multiple_of(rows + r, tm), tm)],
                                   yv(pl::ds(0, K), pl::ds(c, tn)),
                                   {.preferred_element_type = DType::float32});
                    });
                  pltpu::async_copy(out.at(pl::ds(slot, m)), o_hbm.at(pl::ds(rows, m)), written);
                };
                if (overlap) {
                  for (int64_t s = 0; s < devices; ++s) {
                    if (s + 1 < devices)
                      push(s).start();
                    multiply(s);
                    if (s + 1 < devices) {
                      push(s).wait_send();
                      push(s).wait_recv();
                    }
                  }
                } else {
                  for (int64_t s = 0; s + 1 < devices; ++s) {
                    push(s).start();
                    push(s).wait_send();
                    push(s).wait_recv();
                  }
                  for (int64_t s = 0; s < devices; ++s)
                    multiply(s);
                }
                for (int64_t s = 0; s < 2; ++s)
                  pltpu::make_async_copy(out.at(pl::ds(0, m)), o_hbm.at(pl::ds(0, m)), written)
                      .wait();
              });
          return kernel(xb, yb);
        });
  };

  std::vector<float> want = samples::matmulReference(xs, ys, M, N, K, K);
  return samples::report(
      flags, [&] { return compile(program(true), x, y); },
      [&](const Compiled &overlapped) {
        bool exact = true;
        int64_t cycles[2] = {0, 0};
        for (int v = 0; v < 2; ++v) {
          Compiled c = v == 0 ? overlapped : Compiled(compile(program(false), x, y));
          Array out = c(x, y);
          bool same = samples::expectEqual(out.to_f32(), want);
          std::printf("%s: f32[%lld,%lld] %s\n", v == 0 ? "overlapped" : "all-gather first",
                      (long long)M, (long long)N, same ? "exact" : "WRONG");
          exact = exact && same;
          if (!c.last_run().empty() && !c.last_run().front().cores.empty())
            cycles[v] = c.last_run().front().run.cycles;
        }
        if (cycles[0] > 0)
          std::printf("all-gather first: %lld cycles; overlapped: %lld cycles (%.2fx)\n",
                      (long long)cycles[1], (long long)cycles[0],
                      (double)cycles[1] / (double)cycles[0]);
        return exact;
      });
}
