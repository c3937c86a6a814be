from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.task_execute import TaskExecute
from ...models.task_execute_result import TaskExecuteResult
from ...types import UNSET, Response, Unset


def _get_kwargs(
    task_id: UUID,
    *,
    body: TaskExecute,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/tasks/{task_id}/execute".format(
            task_id=quote(str(task_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | TaskExecuteResult | None:
    if response.status_code == 200:
        response_200 = TaskExecuteResult.from_dict(response.json())

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | TaskExecuteResult]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    task_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: TaskExecute,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | TaskExecuteResult]:
    """Execute a task in the service

     email_reply / linkedin_reply: sends the reply through the channel from the sequence's sender,
    exactly once, stores it OUTBOUND in the thread (an email reply goes through the sender's connected
    mailbox when it has one, from its address, as "Re: <subject>" unless subject is given, with In-
    Reply-To the answered message's Message-ID and References the thread's; otherwise through the
    service's own transport) (in_reply_to_id: the message answered), emits message.sent (its step_number
    the step of the message answered), completes the task; the sequence waits for the lead
    (WAITING_FOR_LEAD; WAITING_FOR_USER while another reply or CALL task of it is open). call: logs
    phone and disposition and completes the task; a CALL step moves on. new_lead_review: approved true
    turns the FOUND sequence ACTIVE and starts it; false ends it REFUSED (stopped_reason LEAD_REJECTED).
    playbook_approval: approved true carries out the playbook run's action (CREATE_TASK: the TODO now;
    ENROLL_IN_SEQUENCE: the enrollment within seconds, see GET /v1/playbooks/{id}/runs), false records
    the run REJECTED. The task ends COMPLETED (completion_source TASK_EXECUTION).

    Args:
        task_id (UUID):
        idempotency_key (str | Unset):
        body (TaskExecute):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | TaskExecuteResult]
    """

    kwargs = _get_kwargs(
        task_id=task_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    task_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: TaskExecute,
    idempotency_key: str | Unset = UNSET,
) -> Error | TaskExecuteResult | None:
    """Execute a task in the service

     email_reply / linkedin_reply: sends the reply through the channel from the sequence's sender,
    exactly once, stores it OUTBOUND in the thread (an email reply goes through the sender's connected
    mailbox when it has one, from its address, as "Re: <subject>" unless subject is given, with In-
    Reply-To the answered message's Message-ID and References the thread's; otherwise through the
    service's own transport) (in_reply_to_id: the message answered), emits message.sent (its step_number
    the step of the message answered), completes the task; the sequence waits for the lead
    (WAITING_FOR_LEAD; WAITING_FOR_USER while another reply or CALL task of it is open). call: logs
    phone and disposition and completes the task; a CALL step moves on. new_lead_review: approved true
    turns the FOUND sequence ACTIVE and starts it; false ends it REFUSED (stopped_reason LEAD_REJECTED).
    playbook_approval: approved true carries out the playbook run's action (CREATE_TASK: the TODO now;
    ENROLL_IN_SEQUENCE: the enrollment within seconds, see GET /v1/playbooks/{id}/runs), false records
    the run REJECTED. The task ends COMPLETED (completion_source TASK_EXECUTION).

    Args:
        task_id (UUID):
        idempotency_key (str | Unset):
        body (TaskExecute):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | TaskExecuteResult
    """

    return sync_detailed(
        task_id=task_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    task_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: TaskExecute,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | TaskExecuteResult]:
    """Execute a task in the service

     email_reply / linkedin_reply: sends the reply through the channel from the sequence's sender,
    exactly once, stores it OUTBOUND in the thread (an email reply goes through the sender's connected
    mailbox when it has one, from its address, as "Re: <subject>" unless subject is given, with In-
    Reply-To the answered message's Message-ID and References the thread's; otherwise through the
    service's own transport) (in_reply_to_id: the message answered), emits message.sent (its step_number
    the step of the message answered), completes the task; the sequence waits for the lead
    (WAITING_FOR_LEAD; WAITING_FOR_USER while another reply or CALL task of it is open). call: logs
    phone and disposition and completes the task; a CALL step moves on. new_lead_review: approved true
    turns the FOUND sequence ACTIVE and starts it; false ends it REFUSED (stopped_reason LEAD_REJECTED).
    playbook_approval: approved true carries out the playbook run's action (CREATE_TASK: the TODO now;
    ENROLL_IN_SEQUENCE: the enrollment within seconds, see GET /v1/playbooks/{id}/runs), false records
    the run REJECTED. The task ends COMPLETED (completion_source TASK_EXECUTION).

    Args:
        task_id (UUID):
        idempotency_key (str | Unset):
        body (TaskExecute):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | TaskExecuteResult]
    """

    kwargs = _get_kwargs(
        task_id=task_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    task_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: TaskExecute,
    idempotency_key: str | Unset = UNSET,
) -> Error | TaskExecuteResult | None:
    """Execute a task in the service

     email_reply / linkedin_reply: sends the reply through the channel from the sequence's sender,
    exactly once, stores it OUTBOUND in the thread (an email reply goes through the sender's connected
    mailbox when it has one, from its address, as "Re: <subject>" unless subject is given, with In-
    Reply-To the answered message's Message-ID and References the thread's; otherwise through the
    service's own transport) (in_reply_to_id: the message answered), emits message.sent (its step_number
    the step of the message answered), completes the task; the sequence waits for the lead
    (WAITING_FOR_LEAD; WAITING_FOR_USER while another reply or CALL task of it is open). call: logs
    phone and disposition and completes the task; a CALL step moves on. new_lead_review: approved true
    turns the FOUND sequence ACTIVE and starts it; false ends it REFUSED (stopped_reason LEAD_REJECTED).
    playbook_approval: approved true carries out the playbook run's action (CREATE_TASK: the TODO now;
    ENROLL_IN_SEQUENCE: the enrollment within seconds, see GET /v1/playbooks/{id}/runs), false records
    the run REJECTED. The task ends COMPLETED (completion_source TASK_EXECUTION).

    Args:
        task_id (UUID):
        idempotency_key (str | Unset):
        body (TaskExecute):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | TaskExecuteResult
    """

    return (
        await asyncio_detailed(
            task_id=task_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
