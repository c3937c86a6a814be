"""A client developer's first minutes, against a running service: subscribe a webhook, create a
contact, list contacts, make a sequence template and enroll the contact. Prints what it made as
one JSON line (the webhook secret included, for verify_delivery.py).

    OWS_BASE_URL=http://127.0.0.1:3000 OWS_API_KEY=ows_... OWS_WEBHOOK_URL=https://example.com/hooks \\
        python clients/python/examples/quickstart.py
"""

import json
import os
import time
import uuid

from outreach_workspace_client import AuthenticatedClient
from outreach_workspace_client.api.contacts import list_contacts, upsert_contact
from outreach_workspace_client.api.sequence_templates import create_sequence_template
from outreach_workspace_client.api.sequences import enroll_contact
from outreach_workspace_client.api.webhooks import create_webhook
from outreach_workspace_client.models import (
    Contact,
    ContactPage,
    ContactUpsertByEmail,
    SequenceCreate,
    SequenceTemplate,
    SequenceTemplateCreate,
    SequenceTemplateStepInput,
    WebhookCreate,
    WebhookWithSecret,
)
from outreach_workspace_client.types import Response


def created(response: Response, kind: type):
    """The parsed body of a 2xx answer of type ``kind``; anything else raises with the API's error."""
    if not 200 <= response.status_code < 300 or not isinstance(response.parsed, kind):
        raise RuntimeError(f"{response.status_code}: {response.content.decode(errors='replace')}")
    return response.parsed


client = AuthenticatedClient(base_url=os.environ["OWS_BASE_URL"], token=os.environ["OWS_API_KEY"])

with client:
    # Subscribed first: a subscription gets the events that happen after it exists. Every POST
    # carries an Idempotency-Key: a retry with the same key runs the request at most once.
    webhook = created(
        create_webhook.sync_detailed(
            client=client,
            body=WebhookCreate(name="Quickstart", url=os.environ["OWS_WEBHOOK_URL"], event_types=["sequence.created"]),
            idempotency_key=str(uuid.uuid4()),
        ),
        WebhookWithSecret,
    )

    email = f"grace.{time.time_ns()}@example.com"
    contact = created(
        upsert_contact.sync_detailed(
            client=client,
            body=ContactUpsertByEmail(email=email, first_name="Grace", last_name="Hopper"),
            idempotency_key=str(uuid.uuid4()),
        ),
        Contact,
    )

    listed, found, page = 0, False, 1
    while True:
        answer = created(list_contacts.sync_detailed(client=client, page=page, size=100, sort_by="created_at"), ContactPage)
        listed += len(answer.items)
        found = found or any(item.id == contact.id for item in answer.items)
        if not answer.has_more:
            break
        page += 1

    template = created(
        create_sequence_template.sync_detailed(
            client=client,
            body=SequenceTemplateCreate(
                name=f"Quickstart {email}",
                status="ACTIVE",
                steps=[
                    SequenceTemplateStepInput(
                        type_="EMAIL", delay_days=1, subject="Hello {{ first_name }}", body="Nice to meet you, {{ first_name }}."
                    )
                ],
            ),
            idempotency_key=str(uuid.uuid4()),
        ),
        SequenceTemplate,
    )

    # 201: enrolled; 202: the email is still being verified, the sequence follows.
    enrollment = enroll_contact.sync_detailed(
        client=client,
        body=SequenceCreate(contact_id=contact.id, sequence_template_id=template.id),
        idempotency_key=str(uuid.uuid4()),
    )
    if enrollment.status_code not in (201, 202):
        raise RuntimeError(f"enrollment refused: {enrollment.status_code} {enrollment.content.decode(errors='replace')}")

print(
    json.dumps(
        {
            "contact_id": str(contact.id),
            "first_name": contact.first_name,
            "listed": listed,
            "found": found,
            "template_id": str(template.id),
            "enrollment_status": int(enrollment.status_code),
            "webhook_id": str(webhook.id),
            "webhook_secret": webhook.secret,
        }
    )
)
