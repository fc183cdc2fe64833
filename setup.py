"""Builds the extension bel_pyramid._core with this repository's CMake, for
the interpreter that runs pip, and puts it into the package (pyproject.toml
holds the metadata). Needs cmake, ninja or make, and the Debian packages of
scripts/setup.sh; no network. Run pip from a venv of Debian's /usr/bin/python3
(doc/python.md): another interpreter lacks the setuptools, wheel and pybind11
that --no-build-isolation takes from Debian's site-packages."""

import os
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        source = os.path.dirname(os.path.abspath(__file__))
        build = os.path.abspath(os.path.join(self.build_temp, "cmake"))
        generator = ["-G", "Ninja"] if shutil.which("ninja") else []
        subprocess.check_call(
            ["cmake", "-S", source, "-B", build, *generator, "-DCMAKE_BUILD_TYPE=Release",
             "-DBEL_PYRAMID_TESTS=OFF", "-DBEL_PYRAMID_PYTHON=ON",
             f"-DPython_EXECUTABLE={sys.executable}"])
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 1))
        subprocess.check_call(["cmake", "--build", build, "--target", "bel_pyramid_python",
                               "-j", jobs])
        built = os.path.join(build, "python", "bel_pyramid")
        module = next(f for f in os.listdir(built) if f.startswith("_core.") and f.endswith(".so"))
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(os.path.join(built, module), target)


# setuptools' own build folder (build/lib, build/temp.*) is not the CMake
# build folder build/ of scripts/setup.sh: keep them apart.
setup(ext_modules=[CMakeExtension("bel_pyramid._core")], cmdclass={"build_ext": CMakeBuild},
      options={"build": {"build_base": "build-pip"}})
