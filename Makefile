# warpsim top-level Makefile: a thin wrapper over CMake + Ninja.
#   make [all]      build release into build/ (warpsim, libcuda.so, libwarpsim.a)
#   make test       build, then run every test through CTest
#   make demo       build, then run the default experiment
#   make reproduce  build, then every paper's experiment (PAPER=name: one)
#   make bench      simulation-rate benchmark (not a test)
#   make ptx        regenerate committed .ptx files with nvcc
#   make characterise  rewrite bench/characterisation.txt (workload patterns)
#   MODE=debug|release|asan   build flavour; asan builds in build-asan/
MODE ?= release
JOBS ?= $(shell nproc)
PYTHON ?= /usr/bin/python3
WERROR ?= OFF

ifeq ($(MODE),asan)
BUILD ?= build-asan
CMAKE_FLAGS = -DCMAKE_BUILD_TYPE=Debug -DWS_SANITIZE=ON -DWS_BENCH_MODE=functional
else ifeq ($(MODE),debug)
BUILD ?= build-debug
CMAKE_FLAGS = -DCMAKE_BUILD_TYPE=Debug
else
BUILD ?= build
CMAKE_FLAGS = -DCMAKE_BUILD_TYPE=Release
endif

.PHONY: all test demo reproduce bench ptx bootstrap clean fuzz characterise

all: $(BUILD)/build.ninja
	cmake --build $(BUILD) -j $(JOBS)

$(BUILD)/build.ninja:
	cmake -S . -B $(BUILD) -G Ninja $(CMAKE_FLAGS) -DWS_WERROR=$(WERROR)

bootstrap:
	./tools/bootstrap.sh

test: all
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) $(CTEST_ARGS)

demo: all
	./tools/demo.sh $(BUILD)

PAPER ?= all
reproduce: all
	$(PYTHON) tools/harness/warpsim_harness.py reproduce $(PAPER) \
		--warpsim $(abspath $(BUILD))/warpsim --source-dir $(CURDIR) \
		--build-dir $(abspath $(BUILD)) $(REPRODUCE_ARGS)

bench: all
	./tools/bench.sh $(BUILD)

ptx:
	./tools/regen_ptx.sh

characterise: all
	$(BUILD)/warpsim suite characterise --out bench/characterisation.txt

fuzz:
	./tools/fuzz.sh

clean:
	rm -rf build build-debug build-asan build-fuzz
