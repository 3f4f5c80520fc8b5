"""One headless Chromium for every browser test: a launch costs about 1.5 CPU-seconds (the
playwright driver, the browser, its GPU process), and each file opened its own. Each test file
still opens contexts and pages of its own in it, and closes them.
"""

import pytest


@pytest.fixture(scope="session")
def browser():
    from offline import chromium  # here, not above: importing it skips without Chromium

    with chromium() as launched:
        yield launched
