"""The examples of docs/tablegeometry.md run and are true."""

from __future__ import annotations

import doctest

from tests.conftest import ROOT


def test_docs_tablegeometry_examples() -> None:
    """[WC.GEOM.1] [WC.GEOM.2] [WC.GEOM.5] [WC.GEOM.14] the documented examples."""
    result = doctest.testfile(str(ROOT / "docs" / "tablegeometry.md"), module_relative=False)
    assert result.attempted > 10 and result.failed == 0
