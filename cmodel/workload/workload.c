/* Workload specs, the built-in registry and the workload object.
 *
 * Grammar (no spaces):
 *   spec   := single | "pair:" single "+" single
 *                    | "triple:" single "+" single "+" single
 *   single := name [":" key "=" value ("," key "=" value)*]
 *   name   := a built-in name, or a seed-000 Table 6 short name
 *             (hs pf bp sv 3m ks ax)
 *   value  := decimal or 0x-hex integer with an optional K, M or G suffix
 *             (x 2^10, 2^20, 2^30), or a path for file= / dir=
 * ',' separates the parameters and '+' the members of a pair or triple, so
 * a path writes them (and '\' itself) escaped: "\,", "\+", "\\"; the
 * canonical spec writes them so too, so it parses back to the same. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/parse.h"
#include "workload/wl.h"

const wl_def_t *const wl_defs[] = {
    /* PolyBench/GPU */
    &wl_atax, &wl_bicg, &wl_mvt, &wl_gesummv, &wl_gemm, &wl_syrk, &wl_syr2k, &wl_2mm,
    &wl_3mm, &wl_2dconv, &wl_3dconv, &wl_fdtd2d, &wl_corr, &wl_covar, &wl_gramschm,
    /* Rodinia, Parboil */
    &wl_bfs, &wl_hotspot, &wl_srad, &wl_kmeans, &wl_backprop, &wl_pathfinder, &wl_nw,
    &wl_streamcluster, &wl_particlefilter, &wl_btree, &wl_spmv, &wl_lbm,
    /* CUDA SDK (data-cache version), LonestarGPU */
    &wl_histogram, &wl_transpose, &wl_matrixmul, &wl_asyncapi, &wl_blackscholes,
    &wl_alignedtypes, &wl_fwt, &wl_scan, &wl_sobolqrng, &wl_sortnet, &wl_barneshut,
    /* synthetic patterns */
    &wl_stream, &wl_stride, &wl_gather, &wl_tiled, &wl_rowscan,
    /* microbenchmarks */
    &wl_chase, &wl_listing3,
    /* UVM workloads of seed-001 ch. 4-5 (UVM Smart, UVMBench) */
    &wl_addvect, &wl_ra,
    &wl_lr, &wl_svm,
    &wl_cnn, &wl_bn, &wl_uvmbfs,
    /* seed-003 Table I stand-ins (Rodinia, Parboil) */
    &wl_cfd, &wl_lud, &wl_cutcp, &wl_tpacf,
    /* seed-001 Table 2.3/3.1 stand-ins (Rodinia, CUDA SDK) */
    &wl_dwt2d, &wl_radixsort, &wl_mergesort, &wl_sgemm, &wl_reduction, &wl_scalarprod,
    &wl_quasirandom, &wl_binomialoptions,
    /* seed-004 Table 4.1 stand-ins */
    &wl_srad1, &wl_sssp,
    /* seed-001 Table 3.1 stand-ins added for issue 17 (heartwall is seed-004's HT too) */
    &wl_heartwall, &wl_hybridsort,
    /* seed-004 Table 4.1 CI stand-ins (issue 17: Rodinia, AMD APP SDK) */
    &wl_leukocyte, &wl_fft, &wl_gaussian, &wl_myocyte,
    /* traces */
    &wl_trace, &wl_traceg, NULL};

const gm_workload_info_t gm_workload_list[] = {
    {"atax", "polybench", "A^T(Ax): atax_kernel1 (row per thread) then atax_kernel2 (column per thread) [ax]",
     "n=2048 (matrix size, 32..16384), tb=256 (threads per CTA, 32..1024)"},
    {"bicg", "polybench", "BiCG subkernel: s = r^T A (column per thread) then q = A p (row per thread)",
     "n=2048 (matrix size, 32..16384), tb=256 (threads per CTA, 32..1024)"},
    {"mvt", "polybench", "x1 += A y1 (row per thread) then x2 += A^T y2 (column per thread)",
     "n=2048 (matrix size, 32..16384), tb=256 (threads per CTA, 32..1024)"},
    {"gesummv", "polybench", "y = alpha A x + beta B x, one row per thread",
     "n=2048 (matrix size, 32..16384), tb=256 (threads per CTA, 32..1024)"},
    {"gemm", "polybench", "C = alpha A B + beta C, one C element per thread",
     "n=256 (matrix size, 32..4096), tbx=32 (CTA width, 1..1024), tby=8 (CTA height, 1..1024)"},
    {"syrk", "polybench", "C = alpha A A^T + beta C, one C element per thread",
     "n=256 (matrix size, 32..4096), tbx=32 (CTA width, 1..1024), tby=8 (CTA height, 1..1024)"},
    {"syr2k", "polybench", "C = alpha A B^T + alpha B A^T + beta C, one C element per thread",
     "n=256 (matrix size, 32..4096), tbx=32 (CTA width, 1..1024), tby=8 (CTA height, 1..1024)"},
    {"2mm", "polybench", "tmp = A B then D = beta D + tmp C (two kernels)",
     "n=256 (matrix size, 32..4096), tbx=32 (CTA width, 1..1024), tby=8 (CTA height, 1..1024)"},
    {"3mm", "polybench", "E = A B, F = C D, G = E F (three kernels) [3m]",
     "n=256 (matrix size, 32..4096), tbx=32 (CTA width, 1..1024), tby=8 (CTA height, 1..1024)"},
    {"2dconv", "polybench", "3x3 convolution of an n x n image, one output per thread",
     "n=1024 (image size, 32..16384), tbx=32 (CTA width, 1..1024), tby=8 (CTA height, 1..1024)"},
    {"3dconv", "polybench", "3D stencil of an n^3 volume, one kernel per plane (n-2 launches)",
     "n=128 (volume size, 32..1024), tbx=32 (CTA width, 1..1024), tby=8 (CTA height, 1..1024)"},
    {"fdtd2d", "polybench", "2D FDTD: per time step the ey, ex and hz update kernels",
     "n=1024 (grid size, 32..16384), tmax=4 (time steps, 1..1000), tbx=32 (CTA width, 1..1024), tby=8 (CTA height, 1..1024)"},
    {"corr", "polybench", "correlation: mean, std, reduce, then the m x m correlation kernel",
     "m=256 (columns, 32..4096), n=256 (rows, 32..4096), tb=256 (threads per CTA of the 1-D kernels, 32..1024)"},
    {"covar", "polybench", "covariance: mean, reduce, then the m x m covariance kernel",
     "m=256 (columns, 32..4096), n=256 (rows, 32..4096), tb=256 (threads per CTA of the 1-D kernels, 32..1024)"},
    {"gramschm", "polybench", "Gram-Schmidt QR: per column k the norm, the q column and the update kernels",
     "n=256 (matrix size, 32..4096), tb=256 (threads per CTA, 32..1024)"},
    {"bfs", "rodinia", "breadth-first search on a random graph (CSR), Kernel/Kernel2 per level",
     "nodes=65536 (graph nodes, 32..4194304), degree=8 (mean out-degree, 1..64), tb=512 (threads per CTA, 32..1024)"},
    {"hotspot", "rodinia", "thermal stencil on 16x16 tiles with a pyramid of ph steps per launch [hs]",
     "n=512 (grid size, 16..16384), ph=2 (pyramid height, 1..7), steps=8 (simulated time steps, 1..10000)"},
    {"srad", "rodinia", "speckle-reducing anisotropic diffusion (srad_v2): srad_cuda_1 and srad_cuda_2 per iteration",
     "n=512 (image size, multiple of 16, 16..16384), iters=2 (iterations, 1..1000)"},
    {"kmeans", "rodinia", "k-means: invert_mapping (row-per-thread transpose) then kmeansPoint [ks]",
     "points=32768 (points, 32..4194304), features=34 (features per point, 1..256), clusters=5 (centres, 1..64), iters=1 (kmeansPoint launches, 1..100), tex=1 (1 = features via the texture cache, 0 = global loads, 0..1)"},
    {"backprop", "rodinia", "back-propagation: layerforward and adjust_weights on 16x16 CTAs [bp]",
     "in=65536 (input nodes, multiple of 16, 16..4194304)"},
    {"pathfinder", "rodinia", "dynamic programming over a cols x rows wall, pyramid of ph rows per launch [pf]",
     "cols=100000 (columns, 256..16777216), rows=100 (rows, 2..100000), ph=20 (pyramid height, 1..64)"},
    {"nw", "rodinia", "Needleman-Wunsch: 16x16 blocks along anti-diagonals, one 16-thread CTA per block",
     "n=1024 (sequence length, multiple of 16, 16..16384)"},
    {"streamcluster", "rodinia", "StreamCluster pgain: kernel_compute_cost per candidate centre (seed-000 SC/STC)",
     "points=65536 (points, one thread each, 32..4194304), dim=128 (dimensions per point, 1..1024), centers=15 (open centres K, work_mem stride K+1, 1..1024), launches=1 (pgain calls, one launch each, 1..1000)"},
    {"particlefilter", "rodinia", "ParticleFilter (float version): likelihood, sum, normalize_weights, find_index per frame (seed-000 PTF/PTL)",
     "particles=1000 (particles, one thread each, 32..1048576), frames=10 (video frames; frames-1 filter steps of 4 kernels, 2..1000), x=128 (video width IszX, 16..4096), y=128 (video height IszY, 16..4096)"},
    {"btree", "rodinia", "b+tree: findK and findRangeK, a 256-thread CTA per query walking a 2068-byte-node tree (seed-001 B+T, seed-004 BT)",
     "keys=1048576 (keys in the tree, 256..16777216), fill=128 (keys a leaf holds, children an inner node (of 256 slots), 2..256), k=10000 (findK queries (CTAs), 1..1000000), j=6000 (findRangeK queries (CTAs), 0..1000000), range=3000 (keys per findRangeK range, 1..16777216)"},
    {"spmv", "parboil", "sparse matrix-vector product, JDS format, one row per thread [sv]",
     "rows=32768 (matrix rows, 32..4194304), nnz=16 (mean non-zeros per row, 1..256), band=512 (diagonal offsets within +-band, 1..4194304), tb=128 (threads per CTA, 32..1024)"},
    {"lbm", "parboil", "lattice-Boltzmann D3Q19 stream-collide, SoA fields, a CTA per (y, z) row (seed-001 LBM)",
     "y=120 (lattice rows (SIZE_Y), 2..1024), z=16 (lattice planes (SIZE_Z), 2..1024), steps=2 (time steps (one launch each), 1..1000)"},
    {"histogram", "cuda-sdk", "histogram256, data-cache version: per-warp sub-histograms in global memory, then the merge (seed-000 HST)",
     "bytes=4194304 (bytes of input data, multiple of 4, 4..268435456), atomic=0 (0 = tagged read-modify-write as in SDK 4, 1 = atomicAdd at the L2, 0..1)"},
    {"transpose", "cuda-sdk", "transposeNaive: out[x][y] = in[y][x], 32x8 CTAs, one element per thread (seed-001 TRP); kernels=1: the SDK sample's eight kernels in turn",
     "n=2048 (matrix size, multiple of 32, 32..16384), kernels=0 (0: transposeNaive; 1: the SDK sample's eight kernels in turn, 0..1)"},
    {"matrixmul", "cuda-sdk", "matrixMul, L1 D-cache version (seed-004 Fig 2.1b, its CF set's tiled-cache MM): A[row][k] B[k][col] from global memory",
     "n=256 (matrix size (WA = HA = WB), multiple of 16, 16..4096), bs=16 (BLOCK_SIZE: CTAs of bs x bs threads, multiple of 8, 8..32)"},
    {"asyncapi", "cuda-sdk", "asyncAPI increment_kernel: g_data[idx] += inc, one int per thread (seed-001 AA)",
     "n=16777216 (ints incremented, multiple of 512, 512..268435456)"},
    {"blackscholes", "cuda-sdk", "BlackScholesGPU: 480 x 128 threads loop over the options, 3 loads and 2 stores each (seed-001 BS)",
     "options=4000000 (options priced per launch, 32..67108864), launches=1 (kernel launches (the SDK runs 512), 1..512)"},
    {"alignedtypes", "cuda-sdk", "alignedTypes testKernel: copy of each of 12 element types, aligned and misaligned (seed-001 AT)",
     "bytes=4194304 (bytes copied per element type, multiple of 32, 4096..268435456)"},
    {"fwt", "cuda-sdk", "fastWalshTransform: radix-4 global passes then a shared-memory pass, data and kernel, modulate, inverse (seed-001 FWT)",
     "log2n=20 (log2 of the floats transformed, 12..26)"},
    {"scan", "cuda-sdk", "scan, scanExclusiveLarge: uint4 chunk scans, the strided chunk sums, uniformUpdate (seed-001 SCN)",
     "n=4194304 (uints scanned, multiple of 1024, 1024..268435456)"},
    {"sobolqrng", "cuda-sdk", "SobolQRNG sobolGPU: every output of n_vectors x n_dimensions stored once, grid-stride (seed-001 SQ)",
     "vectors=100000 (n_vectors (outputs per dimension), 32..16777216), dims=100 (n_dimensions, 1..1000)"},
    {"sortnet", "cuda-sdk", "sortingNetworks bitonic sort: shared-memory stages and the radix-2 global merges, keys and values (seed-001 SN)",
     "n=262144 (keys sorted (a power of two), multiple of 1024, 2048..16777216)"},
    {"barneshut", "lonestar", "Barnes-Hut force calculation: warps walk a Plummer sphere's octree (seed-000 BH)",
     "bodies=8192 (bodies, 32..1048576), steps=1 (force-kernel launches, the first without the velocity update, 1..100), ctas=75 (CTAs: FACTOR5 = 5 per SM of a 15-SM GTX 480, 1..65536)"},
    {"stream", "synthetic", "coalesced streaming: thread g reads a[g + k*T] (and writes b[...])",
     "n=1048576 (elements, 32..268435456), tb=256 (threads per CTA, 32..1024), ctas=0 (CTAs, 0 = one element per thread, 0..1048576), store=1 (also write b, 0..1), gap=4 (compute per memory instruction, 0..1000)"},
    {"stride", "synthetic", "camping: each warp access is one 128 B line, successive accesses stride bytes apart",
     "stride=4096 (bytes between successive accesses, multiple of 128, 128..16777216), iters=256 (accesses per warp, 1..65536), span=16777216 (bytes the addresses wrap over, multiple of 128, 4096..1073741824), tb=256 (threads per CTA, 32..1024), ctas=120 (CTAs, 1..65536), gap=2 (compute per memory instruction, 0..1000)"},
    {"gather", "synthetic", "random gather: an index load then a load at a random element",
     "n=4194304 (table elements, 32..268435456), iters=16 (gathers per thread, 1..65536), tb=256 (threads per CTA, 32..1024), ctas=120 (CTAs, 1..65536), gap=2 (compute per memory instruction, 0..1000)"},
    {"tiled", "synthetic", "tiled reuse: each CTA sweeps its own tile reps times, coalesced",
     "tile=16384 (bytes per CTA, multiple of 128, 128..16777216), reps=16 (sweeps, 1..65536), shared=0 (1 = all CTAs sweep one tile, 0..1), tb=256 (threads per CTA, 32..1024), ctas=120 (CTAs, 1..65536), gap=2 (compute per memory instruction, 0..1000)"},
    {"rowscan", "synthetic", "row-per-thread strided scan (seed-000 7.4 item 1): thread g loads row g, 4 B steps",
     "rows=16384 (rows, one per thread, 32..4194304), row=4096 (bytes per row, multiple of 4, 4..16777216), cols=64 (elements scanned per row, 1..65536), tb=256 (threads per CTA, 32..1024), gap=2 (compute per memory instruction, 0..1000)"},
    {"chase", "microbenchmark", "pointer chase: one thread's dependent loads, each address the previous load's value (the load-to-use latency ladder: lsu.avg_load_latency)",
     "footprint=16384 (bytes the chain spans: stride x its elements, multiple of 4, 4..268435456), stride=128 (bytes between successive elements, multiple of 4, 4..16777216), loads=4096 (dependent loads, 1..16777216), offset=0 (bytes between the array's 256-byte aligned base and the chain's start, multiple of 4, 0..16777216), cg=0 (1 = ld.global.cg, past the L1D, 0..1), random=0 (1 = one random cycle through the elements instead of stride order, 0..1)"},
    {"addvect", "uvmbench", "ADDVECT (UVM Smart add_vectors): y[i] = x[i] + y[i], grid-stride, one element per thread (seed-001 ch.4)",
     "n=1048576 (floats per vector, 32..268435456), tb=256 (threads per CTA, 32..1024)"},
    {"ra", "uvmbench", "RA (UVM Smart random access): every 100th thread loads input[g], then table[t] and stores output[t] at a random t (seed-001 ch.4)",
     "n=1048576 (floats per array (table entries), 32..268435456), tb=256 (threads per CTA, 32..1024), every=100 (one working thread in every, 1..65536)"},
    {"lr", "uvmbench", "UVMBench LR: per gradient-descent step gemv_n (cost = X w), ComputeCost, gemv_t (X^T cost), axpy; 128-thread CTAs",
     "instances=25000 (training instances (reviews), 32..4194304), features=1000 (word features (a bias column is added), 1..65535), iters=1000 (gradient-descent steps (MAX_ITER), 1..100000)"},
    {"svm", "uvmbench", "UVMBench SVM: kernel_kernel_matrix of one MNIST pair, 32x32 CTAs, a 256x256 lookup-table gather per pixel pair",
     "l=12665 (training images of the pair, 32..30000), features=785 (bytes per image (pixels and the bias byte), 2..4096)"},
    {"cnn", "uvmbench", "UVMBench CNN: per training image the forward pass, makeError and the back pass (23 launches <<<64, 64>>>), per test image the forward pass",
     "images=60000 (training images (one epoch), 0..60000), tests=10000 (test images (forward pass only), 0..10000)"},
    {"bn", "uvmbench", "UVMBench BN: genScoreKernel (local scores of every parent set, data-dependent matching) then a computeKernel per node per order-sampling iteration",
     "nodes=45 (network nodes (NODE_N), 5..64), samples=600 (data samples (DATA_N), 1..100000), iters=100 (order-sampling iterations (ITER; a computeKernel per node each), 0..10000)"},
    {"uvmbfs", "uvmbench", "UVMBench BFS (bfs-cuda): simpleBfs, queueBfs, then the scan BFS (nextLayer, countDegrees, scanDegrees, assignVerticesNextQueue) per level, 1024-thread CTAs, on a graphgen graph",
     "nodes=1048576 (graph vertices (graphgen's count), 32..16777216), start=5 (start vertex (UVMBench's run: 5), 0..16777215)"},
    {"listing3", "microbenchmark", "seed-002 Listing 3: sms x slots x turns one-thread CTAs each loading one shared line, optionally staggered (per-SM CTA ids and cycles: cta.trace)",
     "sms=15 (SMs, 1..64), slots=8 (CTA slots a SM: CTAs a turnaround, 1..64), turns=4 (turnarounds, 1..64), staggered=0 (1 = CTA bid spins delay x bid cycles first, 0..1), delay=1200 (the spin per CTA id, the seed's DELAY, 0..100000)"},
    {"cfd", "rodinia", "CFD euler3d: step factor, then 3 x (flux with neighbour gathers, time step) per iteration, on a structured stand-in mesh",
     "nx=64 (mesh elements along x, 2..1024), ny=64 (mesh elements along y, 1..1024), nz=48 (mesh elements along z, 1..1024), iters=1 (solver iterations (each: step factor, 3 x (flux, time step)), 1..100), window=8192 (element numbers shuffled within windows of this many (0 = row order), 0..1048576)"},
    {"lud", "rodinia", "LU decomposition, 16x16 blocks: diagonal, perimeter and internal kernels per block step",
     "n=2048 (matrix size, multiple of 16, 32..8192)"},
    {"cutcp", "parboil", "cutoff Coulombic potential: a CTA per 8^3-point lattice region reads its neighbourhood's atom bins",
     "rx=8 (lattice regions (8 points, 4 A) along x, 1..256), ry=8 (regions along y, 1..256), rz=8 (regions along z (one launch each), 1..256)"},
    {"tpacf", "parboil", "two-point angular correlation: DD, RR and DR histogram CTAs; every DR CTA reads the whole data set",
     "points=4096 (points a set, multiple of 256, 256..1048576), sets=7 (random sets S (2S + 1 CTAs), 1..1000)"},
    {"dwt2d", "rodinia", "dwt2d forward 5/3: RGB to component planes, then per component and level a column-strip lifting kernel storing four subbands (seed-001 DW)",
     "w=1024 (image width (64 << (levels - 1) divides it), multiple of 64, 64..8192), h=1024 (image height (8 << (levels - 1) divides it), multiple of 8, 8..8192), levels=3 (decomposition levels, 1..7)"},
    {"radixsort", "cuda-sdk", "radixSortThrust: b40c radix sort, per 4-bit pass upsweep counts, spine scan, downsweep digit scatter (seed-001 RST)",
     "n=1048576 (keys sorted, multiple of 512, 512..16777216), passes=8 (4-bit digit passes (8 for 32-bit keys), 1..8), values=1 (1 = key-value pairs, 0 = keys only, 0..1), ctas=120 (CTAs of the upsweep and downsweep grids, 1..65535)"},
    {"mergesort", "cuda-sdk", "mergeSort: shared-memory sort of 1024-key tiles, then per stride sample ranks (binary searches), limits, elementary-interval merges (seed-001 MS)",
     "n=262144 (keys sorted (a power of two), multiple of 1024, 2048..16777216)"},
    {"sgemm", "parboil", "sgemm mysgemmNT: 16x8 CTAs a 128x16 C tile, B^T staged 8 rows at a time in shared memory, A's columns from global (seed-001 SG)",
     "m=512 (rows of A and C, multiple of 128, 128..8192), n=512 (columns of C (rows of B), multiple of 16, 16..8192), k=512 (columns of A and B, multiple of 8, 8..8192)"},
    {"reduction", "cuda-sdk", "reduction, reduce6: 64 CTAs sum two coalesced lines a step grid-stride, then one CTA the partials (seed-001 RED)",
     "n=16777216 (ints summed, multiple of 512, 512..268435456), ctas=64 (CTAs of the first kernel (the SDK's maxBlocks), 1..65535), launches=1 (repetitions of the two kernels (the SDK times 100), 1..100)"},
    {"scalarprod", "cuda-sdk", "scalarProd: 128 CTAs, per vector pair 1024 partial sums over loads 4 KB apart, one store a vector (seed-001 ch.3 SP)",
     "vectors=256 (vector pairs, 1..65536), elements=4096 (floats per vector, multiple of 1024, 1024..1048576)"},
    {"quasirandom", "cuda-sdk", "quasirandomGenerator: 3-D Niederreiter points stored grid-stride, then inverseCND in place (seed-001 QG)",
     "n=1048576 (points per dimension, 32..67108864)"},
    {"binomialoptions", "cuda-sdk", "binomialOptions: a 256-thread CTA per option sweeps its 2064-float tree buffer 32 levels at a time (seed-001 BO)",
     "options=128 (options priced (a CTA each), 1..65535)"},
    {"srad1", "rodinia", "SRAD v1: extract, then per iteration prepare, the multi-pass reduce, srad (neighbours through index arrays) and srad2, then compress; column-major image (seed-004 SD1)",
     "rows=502 (image rows (Nr), 2..8192), cols=458 (image columns (Nc), 2..8192), iters=2 (diffusion iterations, 1..1000)"},
    {"sssp", "lonestar", "SSSP, topology-driven Bellman-Ford: drelax over every node until nothing changes, atomicMin at the L2; R-MAT graph (seed-004 SSSP)",
     "scale=16 (log2 of the node count (R-MAT), 5..22), degree=4 (edges per node (R-MAT edge factor), 1..32), tb=1024 (threads per CTA, multiple of 32, 32..1024)"},
    {"heartwall", "rodinia", "heartwall tracking: a launch a frame, a 256-thread CTA per tracked point; search window and template cut from the column-major frame, convolution, padded cumulative sums, correlation and max search through per-point scratch arrays (seed-001 HW, seed-004 HT)",
     "frames=2 (video frames processed (Rodinia's run: 20), 1..104), tsize=25 (template half-width t (template 2t+1 square; Rodinia 25), 1..25), ssize=40 (search half-width s (window 2s+1 square, at least t; Rodinia 40), 1..40)"},
    {"hybridsort", "rodinia", "hybridsort: histogram, bucketcount (pivot binary search), prefix offsets, bucketsort scatter into 1024 divisions, then a float4 merge sort per division (first pass, doubling merge passes, pack) (seed-001 HB)",
     "n=1048576 (elements to sort, 1024..4194304)"},
    {"leukocyte", "rodinia", "leukocyte: detection (GICOV and dilation, texture reads, a store a pixel) then a tracking launch a frame, a 320-thread CTA per cell iterating IMGVF on its 41 x 81 matrix in shared memory (seed-004 LFK)",
     "rows=219 (rows of the cropped first frame (Rodinia 219), 45..1068), cols=640 (columns of the cropped first frame (Rodinia 640), 45..16384), cells=36 (cells tracked (a CTA each), 1..1024), frames=2 (tracking frames, an IMGVF launch each (Rodinia 10), 0..100), iters=100 (IMGVF iterations per cell and frame (Rodinia: until converged, at most 500), 1..500)"},
    {"fft", "amd-sdk", "FFT forward: a 64-thread CTA per 1024-point transform, radix 4 in five passes through shared memory; split real and imaginary arrays loaded and stored once as float4 (seed-004 FFT)",
     "batch=4096 (1024-point transforms (a CTA each; seed-004: 4096), 1..65535)"},
    {"gaussian", "rodinia", "Gaussian elimination: per pivot step Fan1 (the column's multipliers, a thread a row) and Fan2 (the trailing submatrix and right-hand side, bxy x bxy CTAs); row-major (seed-004 GS)",
     "size=16 (matrix size n (Rodinia's run: 4, then 16), 2..2048), tb=512 (Fan1 threads per CTA (MAXBLOCKSIZE), multiple of 32, 32..1024), bxy=4 (Fan2 CTA side (BLOCK_SIZE_XY; Rodinia 3.1: 4), 1..32)"},
    {"myocyte", "rodinia", "myocyte, mode 0: 13 launches an RKF 7(8) attempt, 2 CTAs of 32 threads with thread 0 alone evaluating the ECC or the three CaM models, a handful of scalar loads and stores between long arithmetic (seed-004 MYC)",
     "span=100 (simulated milliseconds (time steps; Rodinia's run: 100), 1..100000), instances=1 (instances simulated one after another (Rodinia's run: 1), 1..1000), attempts=1 (solver attempts per time step (data dependent in Rodinia, 1..12), 1..12)"},
    {"trace", "trace", "replay a gmem trace written by gm_trace_write",
     "file=PATH (a trace written by gm_trace_write, required)"},
    {"traceg", "trace", "import an Accel-Sim trace directory (kernelslist.g, kernel-N.traceg[.xz]; CUDA streams; 64-bit addresses folded)",
     "dir=PATH (an Accel-Sim trace directory, required)"},
    {"pair", "pair", "two workloads run concurrently, e.g. pair:bp+sv or pair:atax:n=512+bfs",
     "A+B: two specs or Table-6 short names (hs pf bp sv 3m ks ax)"},
    {"triple", "pair", "three workloads run concurrently, e.g. triple:pf+bp+ks",
     "A+B+C: three specs or Table-6 short names"},
    {NULL, NULL, NULL, NULL}};

struct wl_stream {
    gm_kernel_t *k;
    unsigned n, cap;
};

struct gm_workload {
    char *spec;
    unsigned nstreams;
    struct wl_stream s[WL_MAX_STREAMS];
    void **owned;
    size_t nowned, capowned;
    uint64_t heap; /* next free device address */
    gm_alloc_t *alloc; /* every wl_array, in order */
    unsigned nalloc, capalloc;
    unsigned nkernels; /* launches of every stream, for gm_kernel_t.id */
    int share;         /* gm_workload_streams_share */
};

/* ---- builder */

int wl_fail(wl_builder_t *b, const char *key, const char *fmt, ...)
{
    if (b->failed)
        return -1;
    char msg[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (key)
        gm_errf(b->err, "%s: %s: %s", b->spec, key, msg);
    else
        gm_errf(b->err, "%s: %s", b->spec, msg);
    b->failed = 1;
    return -1;
}

uint64_t wl_array(wl_builder_t *b, uint64_t bytes)
{
    uint64_t base = (b->w->heap + WL_ALIGN - 1) & ~(uint64_t)(WL_ALIGN - 1);
    if (bytes > WL_HEAP_END || base + bytes > WL_HEAP_END) {
        wl_fail(b, NULL, "the arrays need more than the 32-bit address space "
                         "(an array of %llu bytes does not fit above 0x%llx)",
                (unsigned long long)bytes, (unsigned long long)base);
        return WL_HEAP_BASE;
    }
    gm_workload_t *w = b->w;
    if (w->nalloc == w->capalloc) {
        unsigned cap = w->capalloc ? 2 * w->capalloc : 8;
        gm_alloc_t *p = realloc(w->alloc, cap * sizeof *p);
        if (!p) {
            wl_fail(b, NULL, "out of memory");
            return WL_HEAP_BASE;
        }
        w->alloc = p;
        w->capalloc = cap;
    }
    w->alloc[w->nalloc++] = (gm_alloc_t){base, bytes};
    w->heap = base + bytes;
    return base;
}

void *wl_host(wl_builder_t *b, size_t bytes)
{
    gm_workload_t *w = b->w;
    if (w->nowned == w->capowned) {
        size_t cap = w->capowned ? 2 * w->capowned : 16;
        void **p = realloc(w->owned, cap * sizeof *p);
        if (!p)
            goto oom;
        w->owned = p;
        w->capowned = cap;
    }
    void *p = calloc(1, bytes ? bytes : 1);
    if (!p)
        goto oom;
    w->owned[w->nowned++] = p;
    return p;
oom:
    wl_fail(b, NULL, "out of memory (%zu bytes)", bytes);
    return NULL;
}

int wl_adopt(wl_builder_t *b, void *p)
{
    gm_workload_t *w = b->w;
    if (w->nowned == w->capowned) {
        size_t cap = w->capowned ? 2 * w->capowned : 16;
        void **more = realloc(w->owned, cap * sizeof *more);
        if (!more) {
            free(p);
            return wl_fail(b, NULL, "out of memory");
        }
        w->owned = more;
        w->capowned = cap;
    }
    w->owned[w->nowned++] = p;
    return 0;
}

void wl_launch(wl_builder_t *b, const wl_launch_t *l)
{
    struct wl_stream *s = &b->w->s[b->stream];
    if (b->failed)
        return;
    if (s->n == s->cap) {
        unsigned cap = s->cap ? 2 * s->cap : 8;
        gm_kernel_t *k = realloc(s->k, cap * sizeof *k);
        if (!k) {
            wl_fail(b, NULL, "out of memory");
            return;
        }
        s->k = k;
        s->cap = cap;
    }
    gm_kernel_t *k = &s->k[s->n++];
    memset(k, 0, sizeof *k);
    snprintf(k->name, sizeof k->name, "%s", l->name);
    for (unsigned d = 0; d < 3; d++) {
        k->grid[d] = l->grid[d] ? l->grid[d] : 1;
        k->block[d] = l->block[d] ? l->block[d] : 1;
    }
    k->regs_per_thread = l->regs;
    k->smem_per_cta = l->smem;
    k->ops = l->ops;
    k->args = l->args;
    k->id = ++b->w->nkernels;
    k->cuda_stream = b->stream;
}

void wl_launch_cuda_stream(wl_builder_t *b, uint64_t cuda_stream)
{
    struct wl_stream *s = &b->w->s[b->stream];
    if (!b->failed && s->n)
        s->k[s->n - 1].cuda_stream = cuda_stream;
}

void wl_rng(const wl_builder_t *b, gm_rng_t *r, uint64_t salt)
{
    gm_rng_seed(r, b->seed ^ (salt * 0xd1342543de82ef95ull));
}

void wl_warp_init(wl_warp_t *w, const gm_kernel_t *k, uint32_t cta, uint32_t warp)
{
    uint32_t threads = k->block[0] * k->block[1] * k->block[2];
    w->bx = cta % k->grid[0];
    w->by = cta / k->grid[0] % k->grid[1];
    w->live = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        uint32_t t = warp * GM_WARP_SIZE + l;
        w->tx[l] = (uint16_t)(t % k->block[0]);
        w->ty[l] = (uint16_t)(t / k->block[0] % k->block[1]);
        if (t < threads)
            w->live |= 1u << l;
    }
}

/* ---- parsing */

static const wl_def_t *find_def(const char *name, size_t len)
{
    for (unsigned i = 0; wl_defs[i]; i++) {
        const wl_def_t *d = wl_defs[i];
        if (strlen(d->name) == len && !memcmp(d->name, name, len))
            return d;
        if (d->alias && strlen(d->alias) == len && !memcmp(d->alias, name, len))
            return d;
    }
    return NULL;
}

static int unknown_name(const char *name, size_t len, gm_err_t *err)
{
    char known[1024] = "", aliases[128] = "";
    size_t n = 0, m = 0;
    for (unsigned i = 0; wl_defs[i]; i++) {
        n += (size_t)snprintf(known + n, sizeof known - n, "%s%s", i ? ", " : "",
                              wl_defs[i]->name);
        if (wl_defs[i]->alias)
            m += (size_t)snprintf(aliases + m, sizeof aliases - m, "%s%s",
                                  m ? ", " : "", wl_defs[i]->alias);
    }
    return gm_errf(err, "unknown workload '%.*s' (known: %s, pair, triple; "
                        "Table-6 short names: %s)",
                   (int)len, name, known, aliases);
}

static void range_text(const wl_param_t *p, char *out, size_t n)
{
    if (p->mult > 1)
        snprintf(out, n, "a multiple of %llu in %llu..%llu",
                 (unsigned long long)p->mult, (unsigned long long)p->lo,
                 (unsigned long long)p->hi);
    else
        snprintf(out, n, "an integer in %llu..%llu", (unsigned long long)p->lo,
                 (unsigned long long)p->hi);
}

/* The first `c` at or after p that no '\\' escapes, or the end. */
static const char *unescaped(const char *p, char c)
{
    for (; *p && *p != c; p++)
        if (*p == '\\' && p[1])
            p++;
    return p;
}

/* A path value without its escapes, malloc'ed; NULL with err set. */
static char *unescape_path(const char *spec, const char *key, const char *val, size_t len,
                           gm_err_t *err)
{
    char *s = malloc(len + 1), *o = s;
    if (!s) {
        gm_errf(err, "%s: out of memory", spec);
        return NULL;
    }
    for (size_t i = 0; i < len; i++) {
        if (val[i] == '\\') {
            char next = i + 1 < len ? val[i + 1] : 0;
            if (next != ',' && next != '+' && next != '\\') {
                free(s);
                gm_errf(err, "%s: %s: '\\' must escape ',', '+' or '\\' (byte %zu of the path)",
                        spec, key, i);
                return NULL;
            }
            i++;
        }
        *o++ = val[i];
    }
    *o = 0;
    return s;
}

/* Append path to canon[*n..ncanon) with ',', '+' and '\\' escaped. */
static void put_path(char *canon, size_t ncanon, size_t *n, const char *path)
{
    for (const char *p = path; *p && *n + 2 < ncanon; p++) {
        if (*p == ',' || *p == '+' || *p == '\\')
            canon[(*n)++] = '\\';
        canon[(*n)++] = *p;
    }
    if (*n < ncanon)
        canon[*n] = 0;
}

static int parse_repeat(const char *spec, const char *val, size_t vlen, int *given,
                        uint64_t *out, gm_err_t *err)
{
    uint64_t v;
    if (*given)
        return gm_errf(err, "%s: %s: given twice", spec, WL_REPEAT_KEY);
    *given = 1;
    if (gm_parse_u64_kmg(val, vlen, &v) || v < 1 || v > WL_REPEAT_MAX)
        return gm_errf(err, "%s: %s: expected an integer in 1..%u (launch sequences)", spec,
                       WL_REPEAT_KEY, (unsigned)WL_REPEAT_MAX);
    *out = v;
    return 0;
}

/* Parse "name[:k=v,...]" into its def and values; `canon` gets the canonical
 * text (every parameter spelled out). */
static int parse_single(const char *spec, const wl_def_t **def_out, wl_vals_t *vals,
                        char **path_store, char *canon, size_t ncanon, gm_err_t *err)
{
    const char *colon = strchr(spec, ':');
    size_t nlen = colon ? (size_t)(colon - spec) : strlen(spec);
    if (nlen == 0)
        return gm_errf(err, "%s: missing workload name", spec);
    if ((nlen == 4 && !memcmp(spec, "pair", 4)) ||
        (nlen == 6 && !memcmp(spec, "triple", 6)))
        return gm_errf(err, "%s: a pair or triple cannot be nested", spec);
    const wl_def_t *d = find_def(spec, nlen);
    if (!d)
        return unknown_name(spec, nlen, err);

    unsigned np = 0;
    while (d->params[np].key)
        np++;
    int given[WL_MAX_PARAMS] = {0}, repeat_given = 0;
    vals->repeat = 1;
    for (unsigned i = 0; i < np; i++) {
        vals->v[i] = d->params[i].def;
        vals->s[i] = NULL;
    }

    const char *p = colon ? colon + 1 : NULL;
    if (colon && !*p)
        return gm_errf(err, "%s: expected key=value after ':'", spec);
    while (p && *p) {
        const char *end = unescaped(p, ',');
        size_t len = (size_t)(end - p);
        if (!*end)
            end = NULL;
        const char *eq = memchr(p, '=', len);
        if (!eq || eq == p)
            return gm_errf(err, "%s: '%.*s': expected key=value", spec, (int)len, p);
        size_t klen = (size_t)(eq - p);
        const char *val = eq + 1;
        size_t vlen = len - klen - 1;
        unsigned i = 0;
        while (i < np && !(strlen(d->params[i].key) == klen &&
                           !memcmp(d->params[i].key, p, klen)))
            i++;
        if (i == np && klen == strlen(WL_REPEAT_KEY) && !memcmp(p, WL_REPEAT_KEY, klen)) {
            if (parse_repeat(spec, val, vlen, &repeat_given, &vals->repeat, err))
                return -1;
            p = end ? end + 1 : NULL;
            if (end && !*p)
                return gm_errf(err, "%s: expected key=value after ','", spec);
            continue;
        }
        if (i == np) {
            char keys[256] = "";
            size_t n = 0;
            for (unsigned j = 0; j < np; j++)
                n += (size_t)snprintf(keys + n, sizeof keys - n, "%s%s", j ? ", " : "",
                                      d->params[j].key);
            return gm_errf(err, "%s: unknown parameter '%.*s' (expected: %s)", spec,
                           (int)klen, p, keys);
        }
        const wl_param_t *pp = &d->params[i];
        if (given[i])
            return gm_errf(err, "%s: %s: given twice", spec, pp->key);
        given[i] = 1;
        if (pp->is_path) {
            if (vlen == 0)
                return gm_errf(err, "%s: %s: expected a path", spec, pp->key);
            char *s = unescape_path(spec, pp->key, val, vlen, err);
            if (!s)
                return -1;
            path_store[i] = s;
            vals->s[i] = s;
        } else {
            char want[128];
            uint64_t v;
            range_text(pp, want, sizeof want);
            if (gm_parse_u64_kmg(val, vlen, &v))
                return gm_errf(err, "%s: %s: expected %s", spec, pp->key, want);
            if (v < pp->lo || v > pp->hi || (pp->mult > 1 && v % pp->mult))
                return gm_errf(err, "%s: %s: %llu is out of range, expected %s", spec,
                               pp->key, (unsigned long long)v, want);
            vals->v[i] = v;
        }
        p = end ? end + 1 : NULL;
        if (end && !*p)
            return gm_errf(err, "%s: expected key=value after ','", spec);
    }
    for (unsigned i = 0; i < np; i++)
        if (d->params[i].is_path && !given[i])
            return gm_errf(err, "%s: %s: required (a path)", spec, d->params[i].key);

    size_t n = (size_t)snprintf(canon, ncanon, "%s", d->name);
    for (unsigned i = 0; i < np && n < ncanon; i++) {
        if (d->params[i].is_path) {
            n += (size_t)snprintf(canon + n, ncanon - n, "%c%s=", i ? ',' : ':',
                                  d->params[i].key);
            if (n < ncanon)
                put_path(canon, ncanon, &n, vals->s[i]);
        } else
            n += (size_t)snprintf(canon + n, ncanon - n, "%c%s=%llu", i ? ',' : ':',
                                  d->params[i].key, (unsigned long long)vals->v[i]);
    }
    if (vals->repeat > 1 && n < ncanon)
        snprintf(canon + n, ncanon - n, "%c%s=%llu", np ? ',' : ':', WL_REPEAT_KEY,
                 (unsigned long long)vals->repeat);
    *def_out = d;
    return 0;
}

/* Append the stream's launches `times - 1` more times, each copy a new
 * launch (its own id) of the same kernel on the same arrays. */
static int repeat_stream(gm_workload_t *w, unsigned stream, uint64_t times, const char *spec,
                         gm_err_t *err)
{
    struct wl_stream *s = &w->s[stream];
    unsigned once = s->n;
    if (times < 2 || once == 0)
        return 0;
    if ((uint64_t)once * times > UINT32_MAX / 2)
        return gm_errf(err, "%s: %s: %llu x %u launches are too many", spec, WL_REPEAT_KEY,
                       (unsigned long long)times, once);
    unsigned total = (unsigned)(once * times);
    if (total > s->cap) {
        gm_kernel_t *k = realloc(s->k, (size_t)total * sizeof *k);
        if (!k)
            return gm_errf(err, "%s: out of memory", spec);
        s->k = k;
        s->cap = total;
    }
    for (unsigned i = once; i < total; i++) {
        s->k[i] = s->k[i % once];
        s->k[i].id = ++w->nkernels;
    }
    s->n = total;
    return 0;
}

/* Build one component into `stream` (a trace alone may fill up to
 * max_streams); *streams gets the number it used. */
static int build_stream(gm_workload_t *w, unsigned stream, unsigned max_streams,
                        const char *spec, uint64_t seed, char *canon, size_t ncanon,
                        unsigned *streams, gm_err_t *err, int build)
{
    const wl_def_t *d = NULL;
    wl_vals_t vals;
    char *paths[WL_MAX_PARAMS] = {0};
    int rc = parse_single(spec, &d, &vals, paths, canon, ncanon, err);
    *streams = 1;
    if (rc == 0 && build) {
        wl_builder_t b = {.w = w,
                          .stream = stream,
                          .max_streams = max_streams,
                          .streams = 1,
                          .seed = seed + stream * 0x9e3779b97f4a7c15ull,
                          .spec = spec,
                          .err = err};
        rc = d->build(&b, &vals);
        if (rc == 0 && b.failed)
            rc = -1;
        for (unsigned s = stream; rc == 0 && s < stream + b.streams; s++)
            rc = repeat_stream(w, s, vals.repeat, spec, err);
        for (unsigned s = stream; rc == 0 && s < stream + b.streams; s++)
            if (w->s[s].n == 0)
                rc = gm_errf(err, "%s: no kernels", spec);
        *streams = b.streams;
    }
    for (unsigned i = 0; i < WL_MAX_PARAMS; i++)
        free(paths[i]);
    return rc;
}

static gm_workload_t *create(const char *spec, uint64_t seed, gm_err_t *err, int build)
{
    if (!spec || !*spec) {
        gm_errf(err, "empty workload spec");
        return NULL;
    }
    gm_workload_t *w = calloc(1, sizeof *w);
    size_t cap = strlen(spec) + 4096;
    char *canon = calloc(1, cap), *text = malloc(strlen(spec) + 1);
    if (!w || !canon || !text) {
        free(w);
        free(canon);
        free(text);
        gm_errf(err, "out of memory");
        return NULL;
    }
    strcpy(text, spec);
    w->heap = WL_HEAP_BASE;

    unsigned want = 1;
    char *body = text;
    if (!strncmp(text, "pair:", 5)) {
        want = 2;
        body = text + 5;
    } else if (!strncmp(text, "triple:", 7)) {
        want = 3;
        body = text + 7;
    } else if (!strcmp(text, "pair") || !strcmp(text, "triple")) {
        gm_errf(err, "%s: expected %s:A+B%s", spec, text,
                text[0] == 't' ? "+C" : "");
        goto fail;
    }

    if (want > 1) {
        char *part[WL_MAX_STREAMS + 1];
        unsigned n = 0;
        for (char *p = body;; n++) {
            char *plus = (char *)unescaped(p, '+');
            if (n < WL_MAX_STREAMS + 1)
                part[n] = p;
            if (!*plus) {
                n++;
                break;
            }
            *plus = 0;
            p = plus + 1;
        }
        if (n != want) {
            gm_errf(err, "%s: expected %u workloads joined by '+', got %u", spec, want, n);
            goto fail;
        }
        size_t used = (size_t)snprintf(canon, cap, "%s:", want == 2 ? "pair" : "triple");
        for (unsigned i = 0; i < n; i++) {
            if (!*part[i]) {
                gm_errf(err, "%s: workload %u is empty", spec, i + 1);
                goto fail;
            }
            unsigned got;
            if (build_stream(w, i, 1, part[i], seed, canon + used, cap - used, &got, err,
                             build)) {
                gm_err_prefix(err, "%s", spec);
                goto fail;
            }
            used += strlen(canon + used);
            if (i + 1 < n && used + 1 < cap)
                canon[used++] = '+';
        }
        w->nstreams = n;
    } else {
        unsigned got;
        if (build_stream(w, 0, WL_MAX_STREAMS, body, seed, canon, cap, &got, err, build))
            goto fail;
        w->nstreams = got;
    }
    free(text);
    w->spec = canon;
    return w;
fail:
    free(text);
    free(canon);
    gm_workload_free(w);
    return NULL;
}

gm_workload_t *gm_workload_create(const char *spec, uint64_t seed, gm_err_t *err)
{
    return create(spec, seed, err, 1);
}

int gm_workload_parse(const char *spec, char *canon, size_t n, gm_err_t *err)
{
    gm_workload_t *w = create(spec, 1, err, 0);
    if (!w)
        return -1;
    if (canon && n)
        snprintf(canon, n, "%s", w->spec);
    gm_workload_free(w);
    return 0;
}

void gm_workload_free(gm_workload_t *w)
{
    if (!w)
        return;
    for (unsigned i = 0; i < WL_MAX_STREAMS; i++)
        free(w->s[i].k);
    for (size_t i = 0; i < w->nowned; i++)
        free(w->owned[i]);
    free(w->owned);
    free(w->alloc);
    free(w->spec);
    free(w);
}

unsigned gm_workload_allocs(const gm_workload_t *w) { return w->nalloc; }

const gm_alloc_t *gm_workload_alloc(const gm_workload_t *w, unsigned i)
{
    return i < w->nalloc ? &w->alloc[i] : NULL;
}

unsigned gm_workload_streams(const gm_workload_t *w) { return w->nstreams; }

unsigned gm_workload_kernels_total(const gm_workload_t *w) { return w->nkernels; }

int gm_workload_streams_share(const gm_workload_t *w) { return w->share; }

void wl_streams_share(wl_builder_t *b)
{
    if (b->max_streams > 1) /* alone: the streams are this trace's */
        b->w->share = 1;
}

unsigned gm_workload_kernels(const gm_workload_t *w, unsigned stream)
{
    return stream < w->nstreams ? w->s[stream].n : 0;
}

const gm_kernel_t *gm_workload_kernel(const gm_workload_t *w, unsigned stream,
                                      unsigned i)
{
    if (stream >= w->nstreams || i >= w->s[stream].n)
        return NULL;
    return &w->s[stream].k[i];
}

const char *gm_workload_spec(const gm_workload_t *w) { return w->spec; }
