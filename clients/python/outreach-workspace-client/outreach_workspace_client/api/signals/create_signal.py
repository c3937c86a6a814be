from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.signal import Signal
from ...models.signal_create import SignalCreate
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: SignalCreate,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/signals",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | Signal | None:
    if response.status_code == 201:
        response_201 = Signal.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = Error.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | Signal]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SignalCreate,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | Signal]:
    """Create a signal

     Provisions the destination list (a contact list for PEOPLE, an account list for COMPANIES, named
    after the signal; its default template stays null: the signal enrolls its own imports in
    sequence_template_id), starts ACTIVE and checks at once (a custom-event signal polls within the
    hour). Rules (422 ValidationIssue naming each field, all reported at once): name not blank after
    trimming; search_filters only the preset's filter_keys with every required key non-empty;
    import_search_filters only persona keys (PEOPLE) or firmographic keys (COMPANIES); import_target
    defaults to the preset's scope, a COMPANY-scope preset may choose PEOPLE, a PEOPLE-scope preset may
    choose COMPANIES only when scope_selectable_at_creation; event_subject required for CUSTOM_EVENT
    (import_target follows it) and rejected otherwise; sequence_template_id only for PEOPLE; max_per_run
    1 to the organization's lead limit and not with max_companies_per_run; max_companies_per_run only on
    a COMPANY-scope preset importing PEOPLE; max_contacts_per_company requires max_companies_per_run;
    CUSTOM_EVENT takes no caps and exactly one search_filters.first_party_event_name. max_per_day:
    max_per_run; else max_companies_per_run × (max_contacts_per_company or 3), within the lead limit;
    else min(50, lead limit); CUSTOM_EVENT 500. A custom-event signal for an event_name another signal
    of the organization holds (archived ones included): 409.

    Args:
        idempotency_key (str | Unset):
        body (SignalCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Signal]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: SignalCreate,
    idempotency_key: str | Unset = UNSET,
) -> Error | Signal | None:
    """Create a signal

     Provisions the destination list (a contact list for PEOPLE, an account list for COMPANIES, named
    after the signal; its default template stays null: the signal enrolls its own imports in
    sequence_template_id), starts ACTIVE and checks at once (a custom-event signal polls within the
    hour). Rules (422 ValidationIssue naming each field, all reported at once): name not blank after
    trimming; search_filters only the preset's filter_keys with every required key non-empty;
    import_search_filters only persona keys (PEOPLE) or firmographic keys (COMPANIES); import_target
    defaults to the preset's scope, a COMPANY-scope preset may choose PEOPLE, a PEOPLE-scope preset may
    choose COMPANIES only when scope_selectable_at_creation; event_subject required for CUSTOM_EVENT
    (import_target follows it) and rejected otherwise; sequence_template_id only for PEOPLE; max_per_run
    1 to the organization's lead limit and not with max_companies_per_run; max_companies_per_run only on
    a COMPANY-scope preset importing PEOPLE; max_contacts_per_company requires max_companies_per_run;
    CUSTOM_EVENT takes no caps and exactly one search_filters.first_party_event_name. max_per_day:
    max_per_run; else max_companies_per_run × (max_contacts_per_company or 3), within the lead limit;
    else min(50, lead limit); CUSTOM_EVENT 500. A custom-event signal for an event_name another signal
    of the organization holds (archived ones included): 409.

    Args:
        idempotency_key (str | Unset):
        body (SignalCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Signal
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SignalCreate,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | Signal]:
    """Create a signal

     Provisions the destination list (a contact list for PEOPLE, an account list for COMPANIES, named
    after the signal; its default template stays null: the signal enrolls its own imports in
    sequence_template_id), starts ACTIVE and checks at once (a custom-event signal polls within the
    hour). Rules (422 ValidationIssue naming each field, all reported at once): name not blank after
    trimming; search_filters only the preset's filter_keys with every required key non-empty;
    import_search_filters only persona keys (PEOPLE) or firmographic keys (COMPANIES); import_target
    defaults to the preset's scope, a COMPANY-scope preset may choose PEOPLE, a PEOPLE-scope preset may
    choose COMPANIES only when scope_selectable_at_creation; event_subject required for CUSTOM_EVENT
    (import_target follows it) and rejected otherwise; sequence_template_id only for PEOPLE; max_per_run
    1 to the organization's lead limit and not with max_companies_per_run; max_companies_per_run only on
    a COMPANY-scope preset importing PEOPLE; max_contacts_per_company requires max_companies_per_run;
    CUSTOM_EVENT takes no caps and exactly one search_filters.first_party_event_name. max_per_day:
    max_per_run; else max_companies_per_run × (max_contacts_per_company or 3), within the lead limit;
    else min(50, lead limit); CUSTOM_EVENT 500. A custom-event signal for an event_name another signal
    of the organization holds (archived ones included): 409.

    Args:
        idempotency_key (str | Unset):
        body (SignalCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Signal]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: SignalCreate,
    idempotency_key: str | Unset = UNSET,
) -> Error | Signal | None:
    """Create a signal

     Provisions the destination list (a contact list for PEOPLE, an account list for COMPANIES, named
    after the signal; its default template stays null: the signal enrolls its own imports in
    sequence_template_id), starts ACTIVE and checks at once (a custom-event signal polls within the
    hour). Rules (422 ValidationIssue naming each field, all reported at once): name not blank after
    trimming; search_filters only the preset's filter_keys with every required key non-empty;
    import_search_filters only persona keys (PEOPLE) or firmographic keys (COMPANIES); import_target
    defaults to the preset's scope, a COMPANY-scope preset may choose PEOPLE, a PEOPLE-scope preset may
    choose COMPANIES only when scope_selectable_at_creation; event_subject required for CUSTOM_EVENT
    (import_target follows it) and rejected otherwise; sequence_template_id only for PEOPLE; max_per_run
    1 to the organization's lead limit and not with max_companies_per_run; max_companies_per_run only on
    a COMPANY-scope preset importing PEOPLE; max_contacts_per_company requires max_companies_per_run;
    CUSTOM_EVENT takes no caps and exactly one search_filters.first_party_event_name. max_per_day:
    max_per_run; else max_companies_per_run × (max_contacts_per_company or 3), within the lead limit;
    else min(50, lead limit); CUSTOM_EVENT 500. A custom-event signal for an event_name another signal
    of the organization holds (archived ones included): 409.

    Args:
        idempotency_key (str | Unset):
        body (SignalCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Signal
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
