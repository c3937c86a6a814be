"""What a webhook receiver does with each request: verify the signature on the raw body before
trusting it. Here the request comes as JSON on stdin, {"headers": {...}, "body": "<raw body>"}; in a
server, pass the request's headers and raw body bytes. Prints the verified payload, or exits 1.

    OWS_WEBHOOK_SECRET=whsec_... python clients/python/examples/verify_delivery.py < delivery.json
"""

import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # webhook_signature.py, one folder up

from webhook_signature import WebhookVerificationError, verify_webhook  # noqa: E402

delivery = json.load(sys.stdin)
try:
    event = verify_webhook(os.environ["OWS_WEBHOOK_SECRET"], delivery["body"], delivery["headers"])
except WebhookVerificationError as error:
    print(json.dumps({"verified": False, "error": str(error)}))
    sys.exit(1)
print(json.dumps({"verified": True, "webhook_id": delivery["headers"]["webhook-id"], "event": event}))
