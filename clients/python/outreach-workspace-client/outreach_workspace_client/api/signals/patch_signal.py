from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.signal_detail import SignalDetail
from ...models.signal_update import SignalUpdate
from ...types import Response


def _get_kwargs(
    signal_id: UUID,
    *,
    body: SignalUpdate,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/signals/{signal_id}".format(
            signal_id=quote(str(signal_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | SignalDetail | None:
    if response.status_code == 200:
        response_200 = SignalDetail.from_dict(response.json())

        return response_200

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | SignalDetail]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    signal_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: SignalUpdate,
) -> Response[Error | SignalDetail]:
    """Edit a signal

     Patch rules: editable are name (renames the destination list too), search_filters,
    import_search_filters (each replaced wholesale: send the complete set), max_per_run,
    max_companies_per_run, max_contacts_per_company, enrich_email, enrich_phones, sequence_template_id
    and cadence; null clears a cap or the template. signal_type, import_target and event_subject cannot
    change (422: duplicate with the new configuration and archive this one). An ARCHIVED signal can only
    be renamed (any other field: 422). The create rules apply to the patched configuration (a cap sent
    alongside a contradicting one already set is 422: clear the other with null). CUSTOM_EVENT:
    first_party_event_name is fixed (422). Any refusal leaves the signal unchanged.

    Args:
        signal_id (UUID):
        body (SignalUpdate): Patch rules 1-6. signal_type, import_target and event_subject are
            accepted by the schema only to be refused with 422 (they cannot change).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SignalDetail]
    """

    kwargs = _get_kwargs(
        signal_id=signal_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    signal_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: SignalUpdate,
) -> Error | SignalDetail | None:
    """Edit a signal

     Patch rules: editable are name (renames the destination list too), search_filters,
    import_search_filters (each replaced wholesale: send the complete set), max_per_run,
    max_companies_per_run, max_contacts_per_company, enrich_email, enrich_phones, sequence_template_id
    and cadence; null clears a cap or the template. signal_type, import_target and event_subject cannot
    change (422: duplicate with the new configuration and archive this one). An ARCHIVED signal can only
    be renamed (any other field: 422). The create rules apply to the patched configuration (a cap sent
    alongside a contradicting one already set is 422: clear the other with null). CUSTOM_EVENT:
    first_party_event_name is fixed (422). Any refusal leaves the signal unchanged.

    Args:
        signal_id (UUID):
        body (SignalUpdate): Patch rules 1-6. signal_type, import_target and event_subject are
            accepted by the schema only to be refused with 422 (they cannot change).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SignalDetail
    """

    return sync_detailed(
        signal_id=signal_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    signal_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: SignalUpdate,
) -> Response[Error | SignalDetail]:
    """Edit a signal

     Patch rules: editable are name (renames the destination list too), search_filters,
    import_search_filters (each replaced wholesale: send the complete set), max_per_run,
    max_companies_per_run, max_contacts_per_company, enrich_email, enrich_phones, sequence_template_id
    and cadence; null clears a cap or the template. signal_type, import_target and event_subject cannot
    change (422: duplicate with the new configuration and archive this one). An ARCHIVED signal can only
    be renamed (any other field: 422). The create rules apply to the patched configuration (a cap sent
    alongside a contradicting one already set is 422: clear the other with null). CUSTOM_EVENT:
    first_party_event_name is fixed (422). Any refusal leaves the signal unchanged.

    Args:
        signal_id (UUID):
        body (SignalUpdate): Patch rules 1-6. signal_type, import_target and event_subject are
            accepted by the schema only to be refused with 422 (they cannot change).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SignalDetail]
    """

    kwargs = _get_kwargs(
        signal_id=signal_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    signal_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: SignalUpdate,
) -> Error | SignalDetail | None:
    """Edit a signal

     Patch rules: editable are name (renames the destination list too), search_filters,
    import_search_filters (each replaced wholesale: send the complete set), max_per_run,
    max_companies_per_run, max_contacts_per_company, enrich_email, enrich_phones, sequence_template_id
    and cadence; null clears a cap or the template. signal_type, import_target and event_subject cannot
    change (422: duplicate with the new configuration and archive this one). An ARCHIVED signal can only
    be renamed (any other field: 422). The create rules apply to the patched configuration (a cap sent
    alongside a contradicting one already set is 422: clear the other with null). CUSTOM_EVENT:
    first_party_event_name is fixed (422). Any refusal leaves the signal unchanged.

    Args:
        signal_id (UUID):
        body (SignalUpdate): Patch rules 1-6. signal_type, import_target and event_subject are
            accepted by the schema only to be refused with 422 (they cannot change).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SignalDetail
    """

    return (
        await asyncio_detailed(
            signal_id=signal_id,
            client=client,
            body=body,
        )
    ).parsed
