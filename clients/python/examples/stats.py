"""The three questions of whoever runs outreach, answered by two requests: which step and which
variant of a template work (GET /v1/sequence-templates/{id}/stats) and how a sender's mailbox
does (GET /v1/users/{id}/stats), over a range of UTC days. Prints the figures as one JSON line.

    OWS_BASE_URL=http://127.0.0.1:3000 OWS_API_KEY=ows_... OWS_TEMPLATE_ID=... OWS_USER_ID=... \\
        OWS_FROM=2026-03-01 python clients/python/examples/stats.py      # OWS_FROM, OWS_TO: optional
"""

import datetime
import json
import os
import uuid

from outreach_workspace_client import AuthenticatedClient
from outreach_workspace_client.api.stats import get_sequence_template_stats, get_user_stats
from outreach_workspace_client.models import SequenceTemplateStats, UserStats
from outreach_workspace_client.types import UNSET, Response


def answered(response: Response, kind: type):
    """The parsed body of a 200 of type ``kind``; anything else raises with the API's error."""
    if response.status_code != 200 or not isinstance(response.parsed, kind):
        raise RuntimeError(f"{response.status_code}: {response.content.decode(errors='replace')}")
    return response.parsed


def day(name: str):
    """A UTC day from the environment (both ends are included; an absent end is open)."""
    value = os.environ.get(name)
    return datetime.date.fromisoformat(value) if value else UNSET


client = AuthenticatedClient(base_url=os.environ["OWS_BASE_URL"], token=os.environ["OWS_API_KEY"])
days = {"from_": day("OWS_FROM"), "to": day("OWS_TO")}

with client:
    template = answered(
        get_sequence_template_stats.sync_detailed(uuid.UUID(os.environ["OWS_TEMPLATE_ID"]), client=client, **days),
        SequenceTemplateStats,
    )
    sender = answered(get_user_stats.sync_detailed(uuid.UUID(os.environ["OWS_USER_ID"]), client=client, **days), UserStats)

print(
    json.dumps(
        {
            "template": {"sent": template.sent, "replies": template.replies, "reply_rate": template.rates.reply_rate},
            # Which step: each step's sends and replies. Which variant: each of a step's variants, side by side.
            "steps": [
                {
                    "step": step.step_number,
                    "sent": step.sent,
                    "replies": step.replies,
                    "reply_rate": step.rates.reply_rate,
                    "variants": [
                        {
                            "variant": v.variant,
                            "sent": v.sent,
                            "unique_opens": v.unique_opens,
                            "replies": v.replies,
                            "positive_replies": v.positive_replies,
                            "reply_rate": v.rates.reply_rate,
                        }
                        for v in step.variants
                    ],
                }
                for step in template.steps
            ],
            # Which sender: the mailbox's bounce and reply rates, across the templates it sent for.
            "sender": {
                "sent": sender.sent,
                "bounced": sender.bounced,
                "bounce_rate": sender.rates.bounce_rate,
                "reply_rate": sender.rates.reply_rate,
                "templates": len(sender.sequence_templates),
            },
        }
    )
)
